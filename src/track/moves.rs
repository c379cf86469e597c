//! The commands that change a kept fight between turns: late arrivals, departures, delayed,
//! readied and held actions, and values set by hand.

use super::open;
use super::state::{Fight, Hold, Moved, Out, Seat};
use super::turns::{self, Event, Turns};
use crate::cast::echo;
use crate::env::Env;
use crate::error::{Error, Result};
use serde_json::Number;

/// The names in the fight, seats and members, for messages.
fn names(fight: &Fight) -> String {
    let all: Vec<&str> = fight
        .order
        .iter()
        .flat_map(|s| std::iter::once(s.name.as_str()).chain(s.members.iter().map(String::as_str)))
        .collect();
    all.join(", ")
}

fn seat_index(fight: &Fight, name: &str) -> Result<usize> {
    if let Some(i) = fight.order.iter().position(|s| s.name == name) {
        return Ok(i);
    }
    if let Some(seat) = fight.order.iter().find(|s| s.members.iter().any(|m| m == name)) {
        return Err(Error::usage(format!("{} takes its turn with '{}'", echo(name), seat.name))
            .hint(format!("name '{}' instead", seat.name)));
    }
    Err(Error::usage(format!("nobody named '{}' is in the fight '{}'", echo(name), fight.fight))
        .hint(format!("in the fight: {}", names(fight))))
}

/// `add`: each newcomer's initiative rolled (or given) by the ruleset's own initiative, with
/// the fight's sides, and placed by its total after those at the same total (who were there
/// first); one who joins a side that takes its turns together joins that side's turn.
pub fn add(fight: &mut Fight, combatants: &[String], turns: &mut Turns, env: &mut Env) -> Result<()> {
    let seed = turns.next_seed();
    let opts = open::cast_options(&fight.setup, combatants.to_vec());
    let (cast, rolled, _) = open::load_cast(
        turns.rules,
        &opts,
        open::RosterSource::Kept(fight.setup.roster.as_ref()),
        seed,
        &mut *env.stderr,
    )?;
    // The kept roster's combatants are in the fight already: only the newcomers count.
    let new_names: Vec<String> = cast
        .combatants
        .iter()
        .rev()
        .take(rolled.len())
        .flat_map(|c| {
            let mut all = c.member_names();
            all.push(c.name.clone());
            all
        })
        .collect();
    for name in &new_names {
        let taken = fight.order.iter().any(|s| &s.name == name || s.members.contains(name));
        if taken {
            return Err(Error::usage(format!("'{}' is in the fight already", echo(name)))
                .hint("give the newcomer another name"));
        }
    }
    let command = open::initiative(turns.rules, &fight.setup)?;
    let ran = open::run(turns.rules, &command, &cast, seed, turns.palette)?;
    let current = fight.current().map(|s| s.name.clone());
    for mut seat in open::seats(&ran.doc, &cast) {
        if seat.members.is_empty() && !new_names.contains(&seat.name) {
            continue;
        }
        seat.members.retain(|m| new_names.contains(m));
        if !new_names.contains(&seat.name) && seat.members.is_empty() {
            continue;
        }
        let text = match fight.order.iter_mut().find(|s| s.name == seat.name) {
            Some(side) => {
                let joined = seat.members.join(", ");
                side.members.extend(seat.members);
                format!("{joined} joins {}", side.name)
            }
            None => {
                let total = seat.total.as_ref().map_or("-".to_string(), Number::to_string);
                let text = format!("{} joins the fight at initiative {total}", seat.name);
                let who = seat.name.clone();
                turns::insert_by_total(&mut fight.order, seat);
                turns.events.push(Event::new(fight.round, Some(&who), "joins", text));
                continue;
            }
        };
        turns.events.push(Event::new(fight.round, None, "joins", text));
    }
    if let Some(last) = turns.events.last_mut() {
        last.roll = Some(ran.doc);
        last.shown = turns.palette.map(|_| ran.text);
    }
    fight.setup.combatants.extend(rolled);
    keep_turn(fight, current);
    Ok(())
}

/// After the order changed, the turn stays with whoever had it.
fn keep_turn(fight: &mut Fight, current: Option<String>) {
    if let Some(i) = current.and_then(|name| fight.order.iter().position(|s| s.name == name)) {
        fight.turn = i;
    }
}

/// `remove`: combatants (or sides, or group members) leave; if the one whose turn it is
/// leaves, the next turn begins.
pub fn remove(fight: &mut Fight, leaving: &[String], turns: &mut Turns) -> Result<()> {
    for name in leaving {
        let found = fight.order.iter().any(|s| &s.name == name || s.members.contains(name));
        if !found {
            return Err(Error::usage(format!("nobody named '{}' is in the fight '{}'", echo(name), fight.fight))
                .hint(format!("in the fight: {}", names(fight))));
        }
    }
    let current = fight.current().map(|s| s.name.clone());
    let turn = fight.turn;
    fight.setup.removed.extend(leaving.iter().cloned());
    let removed = fight.setup.removed.clone();
    for name in leaving {
        turns.events.push(Event::new(fight.round, Some(name), "leaves", format!("{name} leaves the fight")));
    }
    let before: Vec<String> = fight.order.iter().map(|s| s.name.clone()).collect();
    turns::keep_present(&mut fight.order, &removed);
    match current.filter(|c| fight.order.iter().any(|s| &s.name == c)) {
        Some(name) => keep_turn(fight, Some(name)),
        None => {
            // The one whose turn it was left: the turn passes to the next still in the fight.
            let next = before[turn + 1..].iter().find_map(|n| fight.order.iter().position(|s| &s.name == n));
            turns::begin_from(fight, next.unwrap_or(fight.order.len()), turns)?;
        }
    }
    Ok(())
}

/// `NAME[:KEY=OTHER]` of delay, ready and hold.
fn anchored<'a>(spec: &'a str, keys: &[&str], command: &str) -> Result<(&'a str, Option<(&'a str, &'a str)>)> {
    let Some((name, rest)) = spec.split_once(':') else { return Ok((spec, None)) };
    match rest.split_once('=') {
        Some((key, other)) if keys.contains(&key) && !other.is_empty() => Ok((name, Some((key, other)))),
        _ => Err(Error::usage(format!("'{}' is not what {command} takes", echo(spec)))
            .hint(format!("write NAME or NAME:{}=OTHER", keys.join("=OTHER or NAME:")))),
    }
}

/// Refuses delayed actions under a ruleset without them.
fn moves(turns: &Turns, command: &str) -> Result<&'static crate::track::Moves> {
    turns.rules.rounds.moves.as_ref().ok_or_else(|| {
        let with: Vec<&str> =
            crate::rulesets::RULESETS.iter().filter(|r| r.rounds.moves.is_some()).map(|r| r.id).collect();
        Error::usage(format!("the {} ruleset has no {command} action", turns.rules.id))
            .hint(format!("rulesets with delayed, readied and held actions: {}", with.join(", ")))
    })
}

/// The seat `name` must not have acted yet this round.
fn yet_to_act(fight: &Fight, i: usize) -> Result<()> {
    if i < fight.turn {
        return Err(Error::usage(format!("{} has acted this round already", fight.order[i].name))
            .hint("a move is for one whose turn has not passed"));
    }
    Ok(())
}

fn total_of(seat: &Seat) -> Result<i64> {
    seat.total
        .as_ref()
        .and_then(Number::as_i64)
        .ok_or_else(|| Error::usage(format!("{} has no initiative to act beside", seat.name)))
}

/// Moves the seat at `i` to `at` (an index into the order without it) with `total`, and
/// begins the next turn when it was its own.
fn shift(fight: &mut Fight, i: usize, at: usize, total: i64, how: &str, anchor: &str, turns: &mut Turns) -> Result<()> {
    let was_current = i == fight.turn;
    let current = fight.current().map(|s| s.name.clone());
    let mut seat = fight.order.remove(i);
    let base = match seat.moved.take() {
        Some(moved) => moved.base_total,
        None => seat.total.clone(),
    };
    seat.moved = Some(Moved { how: how.into(), anchor: Some(anchor.into()), base_total: base });
    seat.total = Some(Number::from(total));
    fight.order.insert(at, seat);
    if was_current {
        turns::begin_from(fight, i, turns)
    } else {
        keep_turn(fight, current);
        Ok(())
    }
}

/// `delay NAME[:after=OTHER]` (seed 003): NAME acts right after OTHER, at OTHER's initiative −
/// 1, this round; without OTHER, after the last. Next round it is back in its place.
pub fn delay(fight: &mut Fight, spec: &str, turns: &mut Turns) -> Result<()> {
    let moves = moves(turns, "delay")?;
    let (name, anchor) = anchored(spec, &["after"], "delay")?;
    let i = seat_index(fight, name)?;
    yet_to_act(fight, i)?;
    let j = match anchor {
        Some((_, other)) => seat_index(fight, other)?,
        None => fight.order.len() - 1,
    };
    if j == i {
        return Err(Error::usage(format!("{name} cannot delay until after itself")).hint(if anchor.is_none() {
            "it acts last this round already"
        } else {
            "name another"
        }));
    }
    if j < fight.turn {
        return Err(Error::usage(format!("{} has acted this round already", fight.order[j].name))
            .hint("delay until after one who has yet to act"));
    }
    let other = fight.order[j].name.clone();
    let total = (moves.delayed)(total_of(&fight.order[j])?);
    // After OTHER and after whoever delayed to follow OTHER before.
    let mut at = j + 1;
    while fight
        .order
        .get(at)
        .is_some_and(|s| s.moved.as_ref().is_some_and(|m| m.how == "delayed" && m.anchor.as_deref() == Some(&other)))
    {
        at += 1;
    }
    let at = if i < at { at - 1 } else { at };
    let text = format!("{name} delays: acts right after {other}, at initiative {total}, this round");
    turns.events.push(Event::new(fight.round, Some(name), "delays", text));
    shift(fight, i, at, total, "delayed", &other, turns)?;
    // Those who delayed to the same moment go by the ruleset's tie rule.
    let same = |s: &Seat| s.moved.as_ref().is_some_and(|m| m.how == "delayed" && m.anchor.as_deref() == Some(&other));
    let Some(first) = fight.order.iter().position(same) else { return Ok(()) };
    let count = fight.order[first..].iter().take_while(|s| same(s)).count();
    if count > 1 {
        let current = fight.current().map(|s| s.name.clone());
        let keys: Vec<Option<i64>> = fight.order[first..first + count].iter().map(|s| s.tie).collect();
        let meeting = (moves.meeting)(&keys, &mut turns.dice);
        let group: Vec<Seat> = fight.order.drain(first..first + count).collect();
        let ordered: Vec<Seat> = meeting.order.iter().filter_map(|&p| group.get(p).cloned()).collect();
        let names: Vec<&str> = ordered.iter().map(|s| s.name.as_str()).collect();
        let mut text = format!("after {other} at the same moment, by the tie rule: {}", names.join(", "));
        for (who, rolls) in &meeting.roll_offs {
            let each: Vec<String> = who.iter().zip(rolls).map(|(&w, r)| format!("{} {r}", group[w].name)).collect();
            text.push_str(&format!("; 1d{} roll-off: {}", meeting.sides, each.join(", ")));
        }
        turns.events.push(Event::new(fight.round, None, "delays", text));
        fight.order.splice(first..first, ordered);
        keep_turn(fight, current);
    }
    Ok(())
}

/// `ready NAME:before=OTHER` (seed 003): NAME's prepared action fires right before OTHER, at
/// OTHER's initiative + 1.
pub fn ready(fight: &mut Fight, spec: &str, turns: &mut Turns) -> Result<()> {
    let moves = moves(turns, "ready")?;
    let (name, anchor) = anchored(spec, &["before"], "ready")?;
    let Some((_, other)) = anchor else {
        return Err(Error::usage("ready needs the one it fires before").hint(format!("write {name}:before=OTHER")));
    };
    let i = seat_index(fight, name)?;
    yet_to_act(fight, i)?;
    let j = seat_index(fight, other)?;
    if j == i {
        return Err(Error::usage(format!("{name} cannot ready an action before itself")).hint("name another"));
    }
    if j <= fight.turn && !(j == fight.turn && i == j) {
        return Err(Error::usage(format!("{other}'s turn has come this round already"))
            .hint("ready an action before one whose turn is still to come"));
    }
    let total = (moves.readied)(total_of(&fight.order[j])?);
    let at = if i < j { j - 1 } else { j };
    let text = format!("{name} readies an action: fires right before {other}, at initiative {total}");
    turns.events.push(Event::new(fight.round, Some(name), "readies", text));
    shift(fight, i, at, total, "readied", other, turns)
}

/// `hold NAME[:before=OTHER|after=OTHER]` (seed 003): NAME gives up this round's action to act
/// at any moment of the next, placed there (default first), then returns to its place.
pub fn hold(fight: &mut Fight, spec: &str, turns: &mut Turns) -> Result<()> {
    moves(turns, "hold")?;
    let (name, anchor) = anchored(spec, &["before", "after"], "hold")?;
    let i = seat_index(fight, name)?;
    yet_to_act(fight, i)?;
    if let Some((_, other)) = anchor {
        seat_index(fight, other)?;
    }
    let round = fight.round + 1;
    fight.order[i].holds = Some(Hold { round, place: anchor.map(|(k, o)| (k.to_string(), o.to_string())) });
    let text = format!("{name} holds its action: gives up round {} to act at any moment of round {round}", fight.round);
    turns.events.push(Event::new(fight.round, Some(name), "holds", text));
    if i == fight.turn { turns::begin_from(fight, i + 1, turns) } else { Ok(()) }
}

/// `set NAME KEY=VALUE...`: `initiative=N` places it anew by that total; `acts-from=ROUND`
/// keeps it out of action until then (0: acts now); any other key changes its combatant's key
/// for the initiative rolled anew.
pub fn set(fight: &mut Fight, name: &str, assignments: &[String], turns: &mut Turns) -> Result<()> {
    for assignment in assignments {
        let Some((key, value)) = assignment.split_once('=') else {
            return Err(Error::usage(format!("'{}' is not KEY=VALUE", echo(assignment)))
                .hint("for example initiative=15 or acts-from=3"));
        };
        match key {
            "initiative" => {
                let i = seat_index(fight, name)?;
                let total: Number = value
                    .parse::<i64>()
                    .map(Number::from)
                    .ok()
                    .or_else(|| value.parse::<f64>().ok().filter(|v| v.is_finite()).and_then(Number::from_f64))
                    .ok_or_else(|| {
                        Error::usage(format!("initiative={} is not a number", echo(value)))
                            .hint("give the total, such as initiative=15")
                    })?;
                let current = fight.current().map(|s| s.name.clone());
                let mut seat = fight.order.remove(i);
                seat.total = Some(total.clone());
                seat.rolled = Some("set".into());
                seat.moved = None;
                turns::insert_by_total(&mut fight.order, seat);
                keep_turn(fight, current);
                let text = format!("{name}'s initiative is set to {total}");
                turns.events.push(Event::new(fight.round, Some(name), "set", text));
            }
            "acts-from" => {
                let i = seat_index(fight, name)?;
                let round: u32 = value.parse().ok().filter(|&r| r <= 1_000_000).ok_or_else(|| {
                    Error::usage(format!("acts-from={} is not a round", echo(value)))
                        .hint("give a round number (0: it acts now)")
                })?;
                let seat = &mut fight.order[i];
                let text = if round <= fight.round {
                    seat.out = None;
                    format!("{name} can act again")
                } else {
                    seat.out = Some(Out { reason: "out of action".into(), from_round: Some(round), recovery: None });
                    format!("{name} is out of action until round {round}")
                };
                turns.events.push(Event::new(fight.round, Some(name), "set", text));
            }
            _ => set_key(fight, name, key, value, turns)?,
        }
    }
    Ok(())
}

/// A combatant's key changed in the fight's setup, for the initiative rolled anew (the speed
/// factor's declared action: `action=spell:3`), checked now by the ruleset.
fn set_key(fight: &mut Fight, name: &str, key: &str, value: &str, turns: &mut Turns) -> Result<()> {
    let spec_name = |spec: &str| {
        let head = spec.split(':').next().unwrap_or(spec);
        head.split('*').next().unwrap_or(head).to_string()
    };
    let Some(index) = fight.setup.combatants.iter().position(|s| spec_name(s) == name) else {
        return Err(Error::usage(format!("'{}' is not a combatant given on the command line", echo(name)))
            .hint("initiative= and acts-from= take any name; other keys, a combatant given to start or add"));
    };
    let spec = &fight.setup.combatants[index];
    let (head, keys) = spec.split_once(':').unwrap_or((spec.as_str(), ""));
    let mut kept: Vec<String> =
        keys.split(',').filter(|k| !k.is_empty() && k.split('=').next() != Some(key)).map(str::to_string).collect();
    kept.push(if value.is_empty() { key.to_string() } else { format!("{key}={value}") });
    let changed = format!("{head}:{}", kept.join(","));
    // The ruleset reads the changed combatant as a command line would give it.
    let opts = open::cast_options(&fight.setup, vec![changed.clone()]);
    let (cast, _, _) = open::load_cast(
        turns.rules,
        &opts,
        open::RosterSource::Kept(fight.setup.roster.as_ref()),
        0,
        &mut std::io::sink(),
    )?;
    let command = open::initiative(turns.rules, &fight.setup)?;
    open::run(turns.rules, &command, &cast, 0, None)?;
    fight.setup.combatants[index] = changed;
    let text = format!("{name}: {key}={value} from the next roll of initiative");
    turns.events.push(Event::new(fight.round, Some(name), "set", text));
    Ok(())
}
