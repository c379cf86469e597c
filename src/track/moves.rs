//! The commands that change a kept fight between turns: late arrivals (from the command line
//! or an encounter table), departures, a group's member split off, delayed, readied and held
//! actions, and values set by hand.

use super::open;
use super::state::{Fight, Hold, Moved, Out, Seat};
use super::turns::{self, Event, Turns};
use crate::cast::echo;
use crate::env::Env;
use crate::error::{Error, Result};
use serde_json::Number;

/// The names in the fight, seats and combatants, for messages.
pub fn names(fight: &Fight) -> String {
    let mut all: Vec<&str> = fight.order.iter().map(|s| s.name.as_str()).collect();
    for c in &fight.combatants {
        if !all.contains(&c.name.as_str()) {
            all.push(&c.name);
        }
    }
    let shown: Vec<&str> = all.iter().take(30).copied().collect();
    let more = if all.len() > 30 { format!(" and {} more", all.len() - 30) } else { String::new() };
    format!("{}{more}", shown.join(", "))
}

fn nobody_named(fight: &Fight, name: &str) -> Error {
    Error::usage(format!("nobody named '{}' is in the fight '{}'", echo(name), fight.fight))
        .hint(format!("in the fight: {}", names(fight)))
}

/// The combatants `names` stand for: a combatant by its name, a group by its name (all its
/// members), a seat by its name (whoever acts in it: a side's combatants); each once, in the
/// order named.
pub fn targets(fight: &Fight, named: &[String]) -> Result<Vec<String>> {
    targets_where(fight, named, |_| true)
}

/// As [`targets`], leaving out the members of a group, seat or side that `keep` refuses (the
/// dead, when a group is damaged); one named on its own is always taken.
pub fn targets_where(
    fight: &Fight,
    named: &[String],
    keep: impl Fn(&crate::fight::Combatant) -> bool,
) -> Result<Vec<String>> {
    let kept = |name: &String| fight.combatant(name).is_some_and(&keep);
    let mut out: Vec<String> = Vec::new();
    for name in named {
        let found: Vec<String> = if fight.combatant(name).is_some() {
            vec![name.clone()]
        } else if fight.combatants.iter().any(|c| c.group.as_deref() == Some(name)) {
            fight.combatants.iter().filter(|c| c.group.as_deref() == Some(name)).map(|c| c.name.clone()).collect()
        } else if let Some(seat) = fight.order.iter().find(|s| &s.name == name && !s.lair) {
            seat.who().iter().filter(|n| fight.combatant(n).is_some()).map(|n| n.to_string()).collect()
        } else if fight.sides.contains(name) {
            fight.combatants.iter().filter(|c| &c.side == name).map(|c| c.name.clone()).collect()
        } else {
            return Err(nobody_named(fight, name));
        };
        let single = fight.combatant(name).is_some();
        let found: Vec<String> = if single { found } else { found.into_iter().filter(&kept).collect() };
        if found.is_empty() {
            return Err(Error::usage(format!("nobody is left in '{}'", echo(name)))
                .hint(format!("name one of them on its own, or someone else: {}", names(fight))));
        }
        for f in found {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    Ok(out)
}

fn seat_index(fight: &Fight, name: &str) -> Result<usize> {
    if let Some(i) = fight.order.iter().position(|s| s.name == name) {
        return Ok(i);
    }
    if let Some(seat) = fight.order.iter().find(|s| s.members.iter().any(|m| m == name)) {
        return Err(Error::usage(format!("{} takes its turn with '{}'", echo(name), seat.name)).hint(format!(
            "name '{}' instead, or split {} off first with 'fray track split'",
            seat.name,
            echo(name)
        )));
    }
    Err(nobody_named(fight, name))
}

/// `add`: the newcomers' initiative rolled (or given) by the ruleset's own initiative, with
/// the fight's sides, each placed by its total after those at the same total (who were there
/// first); one who joins a side that takes its turns together joins that side's turn. Only the
/// newcomers roll. `table` is an encounter table's roll to add what it brings.
pub fn add(
    fight: &mut Fight,
    combatants: &[String],
    table: Option<(String, Event)>,
    turns: &mut Turns,
    env: &mut Env,
) -> Result<()> {
    let mut combatants = combatants.to_vec();
    if let Some((brought, shown)) = table {
        combatants.push(brought);
        turns.events.push(shown);
    }
    let seed = turns.next_seed();
    let opts = open::cast_options(&fight.setup, combatants.clone());
    let (mut cast, rolled, _, appearing) =
        open::load_cast(turns.rules, &opts, open::RosterSource::Kept(&fight.setup.rosters), seed, &mut *env.stderr)?;
    turns.events.extend(open::appearing(fight.round, &appearing, turns.palette));
    // The kept roster's combatants are in the fight already: only the newcomers count.
    let newcomers: Vec<String> = cast.combatants.iter().rev().take(rolled.len()).map(|c| c.name.clone()).collect();
    cast.combatants.retain(|c| newcomers.contains(&c.name));
    for c in &cast.combatants {
        for name in c.member_names().into_iter().chain([c.name.clone()]) {
            let taken = fight.combatant(&name).is_some() || fight.order.iter().any(|s| s.name == name);
            if taken {
                return Err(Error::usage(format!("'{}' is in the fight already", echo(&name)))
                    .hint("give the newcomer another name"));
            }
        }
    }
    let current = fight.current().map(|s| s.name.clone());
    let hp = open::enter(fight, &cast, turns.rules, &mut turns.dice);
    for (name, text) in hp {
        turns.note(fight.round, &name, "hp", text);
    }
    // Those whose side takes its turns together join that side's turn, with no roll.
    let mut to_roll = cast.clone();
    to_roll.combatants.retain(|c| {
        let side = &cast.sides[c.side].name;
        let Some(seat) = fight.order.iter_mut().find(|s| &s.name == side && s.side.is_none() && !s.lair) else {
            return true;
        };
        let members = c.member_names();
        let text = format!(
            "{} {} {}",
            members.join(", "),
            if members.len() > 1 { "join" } else { "joins" },
            crate::render::possessive(side) + " turn"
        );
        seat.members.extend(members);
        turns.events.push(Event::new(fight.round, Some(&c.name), "joins", text));
        false
    });
    if !to_roll.combatants.is_empty() {
        let keep: Vec<usize> =
            (0..to_roll.sides.len()).filter(|&i| to_roll.combatants.iter().any(|c| c.side == i)).collect();
        let seats_of_sides = fight.order.iter().any(|s| s.side.is_none() && !s.lair && fight.sides.contains(&s.name));
        if seats_of_sides {
            // Sides take the turns: only the newcomers' own sides roll.
            let names: Vec<String> = keep.iter().map(|&i| to_roll.sides[i].name.clone()).collect();
            to_roll = only_sides(to_roll, &names);
        }
        let command = open::initiative(turns.rules, &fight.setup)?;
        let ran = open::run(turns.rules, &command, &to_roll, seed, turns.palette)?;
        let mut placed = Vec::new();
        for seat in open::seats(&ran.opening, &to_roll) {
            let total = seat.total.as_ref().map_or("-".to_string(), Number::to_string);
            let who = seat.name.clone();
            let at = turns::insert_by_total(&mut fight.order, seat);
            let after = at.checked_sub(1).map(|i| fight.order[i].name.clone());
            let place = match after {
                Some(before) => format!("after {before}"),
                None => "first".to_string(),
            };
            placed.push(format!("{who} joins the fight at initiative {total}, {place}"));
        }
        let shown = turns.palette.map(|_| ran.text);
        let text = placed.join("; ");
        turns.events.push(Event { roll: Some(ran.doc), shown, ..Event::new(fight.round, None, "joins", text) });
    }
    fight.setup.combatants.extend(rolled);
    keep_turn(fight, current);
    Ok(())
}

/// `cast` with only the sides named (and their combatants).
fn only_sides(mut cast: crate::cast::Cast, names: &[String]) -> crate::cast::Cast {
    let old: Vec<String> = cast.sides.iter().map(|s| s.name.clone()).collect();
    cast.sides.retain(|s| names.contains(&s.name));
    cast.combatants.retain(|c| names.contains(&old[c.side]));
    for c in &mut cast.combatants {
        c.side = cast.sides.iter().position(|s| s.name == old[c.side]).unwrap_or(0);
    }
    cast
}

/// After the order changed, the turn stays with whoever had it.
fn keep_turn(fight: &mut Fight, current: Option<String>) {
    if let Some(i) = current.and_then(|name| fight.order.iter().position(|s| s.name == name)) {
        fight.turn = i;
    }
}

/// `remove`: combatants (a group by its name, or a side) leave; if the one whose turn it is
/// leaves, the next turn begins.
pub fn remove(fight: &mut Fight, leaving: &[String], turns: &mut Turns) -> Result<()> {
    let mut gone: Vec<String> = Vec::new();
    for name in leaving {
        let empty_side = fight.sides.contains(name) && !fight.combatants.iter().any(|c| &c.side == name);
        if empty_side && fight.order.iter().any(|s| &s.name == name) {
            gone.push(name.clone());
            continue;
        }
        gone.extend(targets(fight, std::slice::from_ref(name))?);
    }
    let current = fight.current().map(|s| s.name.clone());
    let turn = fight.turn;
    for name in leaving {
        turns.events.push(Event::new(fight.round, Some(name), "leaves", format!("{name} leaves the fight")));
        if fight.sides.contains(name) && !fight.setup.removed.contains(name) {
            fight.setup.removed.push(name.clone());
        }
    }
    fight.combatants.retain(|c| !gone.contains(&c.name));
    let before: Vec<String> = fight.order.iter().map(|s| s.name.clone()).collect();
    let removed_sides: Vec<String> = leaving.iter().filter(|n| fight.sides.contains(n)).cloned().collect();
    fight.order.retain(|s| !removed_sides.contains(&s.name));
    let mut order = std::mem::take(&mut fight.order);
    turns::keep_present(&mut order, fight);
    fight.order = order;
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
fn moves(turns: &Turns, command: &str) -> Result<&'static crate::fight::Moves> {
    turns.rules.fight.moves().ok_or_else(|| {
        let with: Vec<&str> =
            crate::rulesets::RULESETS.iter().filter(|r| r.fight.moves().is_some()).map(|r| r.id).collect();
        Error::usage(format!("the {} ruleset has no {command} action", turns.rules.id))
            .hint(format!("rulesets with delayed, readied and held actions: {}", with.join(", ")))
    })
}

/// The seat `name` must not have acted yet this round.
fn yet_to_act(fight: &Fight, i: usize) -> Result<()> {
    let moved_after_its_turn = i > fight.turn && fight.order[i].acted == Some(fight.round);
    if i < fight.turn || moved_after_its_turn {
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
    // Its turn this round is still to come, where it moved to.
    seat.acted = None;
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

/// `split NAME...`: group members leave their group's seat for one of their own, right after
/// it on the same total, to act, delay or be placed apart from then on.
pub fn split(fight: &mut Fight, names: &[String], turns: &mut Turns) -> Result<()> {
    for name in names {
        let Some(i) = fight.order.iter().position(|s| s.members.contains(name) && s.side.is_some()) else {
            return Err(match fight.combatant(name) {
                Some(_) => Error::usage(format!("{} has a place of its own already", echo(name)))
                    .hint("split takes a member of a group, such as 'Goblin 2'"),
                None => nobody_named(fight, name),
            });
        };
        let group = &mut fight.order[i];
        group.members.retain(|m| m != name);
        let mut seat = Seat::new(name, group.total.clone());
        seat.side = group.side.clone();
        seat.tie = group.tie;
        seat.rolled = group.rolled.clone();
        seat.out = group.out.clone();
        seat.acted = group.acted;
        if group.members.len() == 1 {
            // A group of one left is that one combatant.
            let last = group.members.remove(0);
            group.name = last;
        }
        fight.order.insert(i + 1, seat);
        turns::renumber(&mut fight.order);
        if fight.turn > i {
            fight.turn += 1;
        }
        if let Some(c) = fight.combatant_mut(name) {
            c.group = None;
        }
        turns.note(fight.round, name, "split", format!("{name} takes a place of its own, after its group"));
    }
    Ok(())
}

/// `set NAME KEY=VALUE...`: `initiative=N` places it anew by that total (one turn a round
/// still: it does not act twice, nor lose a turn still to come); `acts-from=ROUND` keeps it out
/// of action until then (0: acts now); `hp=`, `hp-max=`, `temp-hp=` set its hit points,
/// `down=WORD` (or `down=no`) marks it; any other key of its ruleset changes it for the fight
/// and for the initiative rolled anew.
pub fn set(fight: &mut Fight, name: &str, assignments: &[String], turns: &mut Turns) -> Result<()> {
    for assignment in assignments {
        let Some((key, value)) = assignment.split_once('=') else {
            return Err(Error::usage(format!("'{}' is not KEY=VALUE", echo(assignment)))
                .hint("for example initiative=15, hp=12, acts-from=3 or down=no"));
        };
        match key {
            "initiative" => set_initiative(fight, name, value, turns)?,
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
            "hp" | "hp-max" | "temp-hp" | "down" => super::harm::set_vital(fight, name, key, value, turns)?,
            _ => set_key(fight, name, key, value, turns)?,
        }
    }
    Ok(())
}

/// `set NAME initiative=N`: a seat (or a group's member, split off) placed by its new total.
fn set_initiative(fight: &mut Fight, name: &str, value: &str, turns: &mut Turns) -> Result<()> {
    if fight.order.iter().all(|s| s.name != name)
        && fight.order.iter().any(|s| s.members.iter().any(|m| m == name) && s.side.is_some())
    {
        split(fight, &[name.to_string()], turns)?;
    }
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
    let was_current = i == fight.turn;
    let mut seat = fight.order.remove(i);
    let waiting = seat.acted != Some(fight.round);
    seat.total = Some(total.clone());
    seat.rolled = Some("set".into());
    seat.moved = None;
    // Its place in the rounds to come, by its total.
    let mut at = turns::place_by_total(&fight.order, Some(&total));
    let turn =
        if was_current { i } else { fight.order.iter().position(|s| Some(&s.name) == current.as_ref()).unwrap_or(0) };
    if !was_current && waiting && at <= turn {
        // Its turn this round is still to come: right after the current one, this round only.
        at = turn + 1;
    }
    fight.order.insert(at.min(fight.order.len()), seat);
    // Ranks by total, for the rounds to come; this round keeps the places just given.
    let mut by_total: Vec<usize> = (0..fight.order.len()).collect();
    by_total.sort_by(|&a, &b| {
        let key = |k: usize| fight.order[k].total.as_ref().and_then(Number::as_f64).unwrap_or(f64::NEG_INFINITY);
        key(b)
            .partial_cmp(&key(a))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(fight.order[a].rank.cmp(&fight.order[b].rank))
    });
    for (rank, &k) in by_total.iter().enumerate() {
        fight.order[k].rank = rank as u32;
    }
    if was_current {
        fight.turn = at.min(fight.order.len() - 1);
    } else {
        keep_turn(fight, current);
    }
    let text = format!("{name}'s initiative is set to {total}");
    turns.events.push(Event::new(fight.round, Some(name), "set", text));
    Ok(())
}

/// A combatant's key changed for the fight (its ruleset's record of it) and, where it was given
/// on the command line, for the initiative rolled anew (the speed factor's declared action:
/// `action=spell:3`), checked now by the ruleset.
fn set_key(fight: &mut Fight, name: &str, key: &str, value: &str, turns: &mut Turns) -> Result<()> {
    let keys = &turns.rules.keys;
    let owner = crate::cast::Owner::Combatant;
    let written = if value.is_empty() { None } else { Some(value) };
    let (def, typed) = keys.check(owner, key, written).map_err(|why| {
        Error::usage(why)
            .hint(format!("keys: initiative, acts-from, hp, hp-max, temp-hp, down, {}", keys.allowed_names(owner)))
    })?;
    let mut values = crate::cast::KeyValues::default();
    values.set(def.name, typed);
    let carried = turns.rules.fight.carries(&values);
    let targets = targets(fight, &[name.to_string()])?;
    for who in &targets {
        if let Some(c) = fight.combatant_mut(who) {
            for (k, v) in &carried.own {
                c.own.insert(k.clone(), v.clone());
            }
        }
    }
    let spec_name = |spec: &str| {
        let head = spec.split(':').next().unwrap_or(spec);
        head.split('*').next().unwrap_or(head).to_string()
    };
    if let Some(index) = fight.setup.combatants.iter().position(|s| spec_name(s) == name) {
        let spec = &fight.setup.combatants[index];
        let (head, keys) = spec.split_once(':').unwrap_or((spec.as_str(), ""));
        let mut kept: Vec<String> =
            keys.split(',').filter(|k| !k.is_empty() && k.split('=').next() != Some(key)).map(str::to_string).collect();
        kept.push(if value.is_empty() { key.to_string() } else { format!("{key}={value}") });
        let changed = format!("{head}:{}", kept.join(","));
        // The ruleset reads the changed combatant as a command line would give it.
        let opts = open::cast_options(&fight.setup, vec![changed.clone()]);
        let (cast, _, _, _) = open::load_cast(
            turns.rules,
            &opts,
            open::RosterSource::Kept(&fight.setup.rosters),
            0,
            &mut std::io::sink(),
        )?;
        let command = open::initiative(turns.rules, &fight.setup)?;
        open::run(turns.rules, &command, &cast, 0, None)?;
        fight.setup.combatants[index] = changed;
    }
    let shown = if value.is_empty() { key.to_string() } else { format!("{key}={value}") };
    let text = format!("{name}: {shown}");
    turns.events.push(Event::new(fight.round, Some(name), "set", text));
    Ok(())
}
