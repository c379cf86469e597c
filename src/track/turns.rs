//! Turns and rounds passing: whose turn begins, who loses it and why (with the recovery rolls
//! that may end a stun), effects that run out at the start or the end of a turn, a new round
//! with its initiative rolled anew where the ruleset does, moved actions back in their places,
//! held actions placed, and the lair at count 20.

use super::open;
use super::state::{Fight, Moved, Out, Seat};
use crate::dice::SeededDice;
use crate::error::{Error, Result};
use crate::fight::rules::{Fired, Table};
use crate::fight::{Combatant, Fighting, Until};
use crate::render::{Palette, is};
use crate::rulesets::Ruleset;
use serde::Serialize;
use serde_json::{Number, Value};

/// The rounds a command may pass through looking for someone who can act.
const MAX_SKIPPED_ROUNDS: u32 = 1000;

/// Something that happened during a command, as it happened.
#[derive(Clone, Debug, Serialize)]
pub struct Event {
    pub round: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What kind of thing: `round`, `initiative`, `turn`, `loses_turn`, `skips`, `recovery`,
    /// `holds`, `joins`, `leaves`, `delays`, `readies`, `set`, `damage`, `heal`, `temp`,
    /// `down`, `effect`, `ends`, `note`, `hide`, `reveal`, `over`, `undo`, `end`, `appearing`.
    pub event: &'static str,
    /// The same in words.
    pub text: String,
    /// The ruleset's record of what was rolled: a recovery roll, a round's initiative, the
    /// dice of an amount.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Value>,
    /// The procedure's own text of that roll (text output only).
    #[serde(skip)]
    pub shown: Option<String>,
    /// A rule that fired (`event: rule`): its id, target, exact chance and result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

impl Event {
    pub fn new(round: u32, name: Option<&str>, event: &'static str, text: String) -> Event {
        Event {
            round,
            name: name.map(str::to_string),
            event,
            text,
            roll: None,
            shown: None,
            rule: None,
            target: None,
            chance: None,
            result: None,
        }
    }

    /// The event of a rule that fired.
    pub fn fired(round: u32, fired: Fired) -> Event {
        Event {
            roll: fired.roll,
            rule: Some(fired.rule),
            target: fired.target,
            chance: fired.chance,
            result: Some(fired.result),
            ..Event::new(round, Some(&fired.name), "rule", fired.text)
        }
    }
}

/// What one command works with: the ruleset, its dice, what happened.
pub struct Turns {
    pub rules: &'static Ruleset,
    pub seed: u64,
    pub dice: SeededDice,
    pub events: Vec<Event>,
    /// Procedures run so far in this command, for each one's seed.
    runs: u64,
    /// The palette of the procedures' own text; `None` when no text is written.
    pub palette: Option<Palette>,
    /// Rolls the referee gave for the rules this command fires (`--roll ID=N`).
    pub given: Vec<(String, u32)>,
}

impl Turns {
    pub fn new(rules: &'static Ruleset, seed: u64, palette: Option<Palette>) -> Turns {
        Turns { rules, seed, dice: SeededDice::new(seed), events: Vec::new(), runs: 0, palette, given: Vec::new() }
    }

    /// The seed of the next procedure this command runs: the command's seed, mixed with the
    /// count (splitmix64), so a procedure's dice are not the tracker's own.
    pub fn next_seed(&mut self) -> u64 {
        self.runs += 1;
        let mut z = self.seed.wrapping_add(self.runs.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn note(&mut self, round: u32, name: &str, event: &'static str, text: String) {
        self.events.push(Event::new(round, Some(name), event, text));
    }

    /// What this command said, in words, for `undo` to name.
    pub fn said(&self) -> Vec<String> {
        self.events.iter().filter(|e| e.event != "turn").map(|e| e.text.clone()).collect()
    }
}

/// Runs `hook`, one of the ruleset's rules that a change sets off, on the fight as a [`Table`];
/// what it fired and said become events.
pub fn fire(fight: &mut Fight, turns: &mut Turns, hook: impl FnOnce(&dyn Fighting, &mut Table)) {
    let rules = turns.rules.fight;
    let mut table = Table {
        round: fight.round,
        combatants: &mut fight.combatants,
        sides: &fight.sides,
        record: &mut fight.record,
        off: &fight.setup.no_rules,
        on: &fight.setup.rules,
        given: &mut turns.given,
        dice: &mut turns.dice,
        fired: Vec::new(),
        said: Vec::new(),
    };
    hook(rules, &mut table);
    let Table { fired, said, .. } = table;
    let round = fight.round;
    for fired in fired {
        turns.events.push(Event::fired(round, fired));
    }
    for (name, text) in said {
        turns.note(round, &name, "due", text);
    }
}

/// Whether combatant `c` can take a turn: not down, or down where its ruleset keeps its turns.
pub fn able(turns: &Turns, c: &Combatant) -> bool {
    c.down.is_none() || turns.rules.fight.keeps_turn(c)
}

/// Ends the current turn: the rules of a turn's end, effects that run out at it, then the next
/// turn begins.
pub fn next(fight: &mut Fight, turns: &mut Turns) -> Result<()> {
    if let Some(seat) = fight.current() {
        let who = names_of(seat);
        let acting: Vec<String> = seat.who().iter().map(|n| n.to_string()).collect();
        for name in &acting {
            fire(fight, turns, |rules, table| rules.on_turn_end(table, name));
        }
        expire(fight, &who, Until::End, turns);
    }
    begin_from(fight, fight.turn + 1, turns)
}

/// Begins the turn of the first seat from `index` on that can act, passing into new rounds
/// as the order runs out; those who cannot act lose their turns, each said so.
pub fn begin_from(fight: &mut Fight, mut index: usize, turns: &mut Turns) -> Result<()> {
    let first_round = fight.round;
    loop {
        if index >= fight.order.len() {
            if fight.order.is_empty() {
                return Err(Error::usage(format!("nobody is left in the fight '{}'", fight.fight))
                    .hint("add combatants with 'fray track add', or end it with 'fray track end'"));
            }
            if fight.round - first_round >= MAX_SKIPPED_ROUNDS {
                return Err(Error::data(format!("nobody in the fight can act for {MAX_SKIPPED_ROUNDS} rounds"))
                    .hint("bring someone back with 'fray track set NAME acts-from=0', or end the fight"));
            }
            new_round(fight, turns)?;
            index = 0;
            continue;
        }
        if fight.order[index].acted == Some(fight.round) {
            // Its turn this round is taken already (it was moved after it).
            index += 1;
            continue;
        }
        let who = names_of(&fight.order[index]);
        expire(fight, &who, Until::Start, turns);
        // The rules of a turn's start, for each who acts in the seat (a dying character's
        // death saving throw): they may leave it unable to act.
        let acting: Vec<String> = fight.order[index].who().iter().map(|n| n.to_string()).collect();
        for name in &acting {
            fire(fight, turns, |rules, table| rules.on_turn_start(table, name));
        }
        if acts(fight, index, turns) {
            fight.turn = index;
            let round = fight.round;
            for name in &acting {
                if let Some(c) = fight.combatant_mut(name) {
                    c.first_turn.get_or_insert(round);
                    c.last_turn = Some(round);
                }
            }
            let seat = &mut fight.order[index];
            seat.acted = Some(fight.round);
            let text = format!("{} turn", crate::render::possessive(&seat.name));
            let name = seat.name.clone();
            turns.events.push(Event::new(fight.round, Some(&name), "turn", text));
            return Ok(());
        }
        fight.order[index].acted = Some(fight.round);
        expire(fight, &who, Until::End, turns);
        index += 1;
    }
}

/// The names a seat's turns count for: the seat's own and those of whoever acts in it.
fn names_of(seat: &Seat) -> Vec<String> {
    let mut names = vec![seat.name.clone()];
    names.extend(seat.members.iter().cloned());
    names
}

/// Effects that run out at `until` of the turn of one of `who` in this round.
fn expire(fight: &mut Fight, who: &[String], until: Until, turns: &mut Turns) {
    let round = fight.round;
    for c in &mut fight.combatants {
        let name = c.name.clone();
        c.effects.retain(|e| {
            let runs_out = e.until == until && who.contains(&e.of) && e.ends_round.is_some_and(|end| end <= round);
            if runs_out {
                let text = format!(
                    "{} on {name} runs out ({} of {} turn)",
                    e.name,
                    until.word(),
                    crate::render::possessive(&e.of)
                );
                turns.events.push(Event::new(round, Some(&name), "ends", text));
            }
            !runs_out
        });
    }
}

/// Effects whose turn to run out never came (its combatant left, or never had a turn): they
/// end when the round after theirs begins.
fn overdue(fight: &mut Fight, turns: &mut Turns) {
    let round = fight.round;
    for c in &mut fight.combatants {
        let name = c.name.clone();
        c.effects.retain(|e| {
            let overdue = e.ends_round.is_some_and(|end| end < round);
            if overdue {
                turns.events.push(Event::new(round, Some(&name), "ends", format!("{} on {name} runs out", e.name)));
            }
            !overdue
        });
    }
}

/// Whether the seat at `index` acts on its turn now; when it does not, says why (rolling the
/// recovery roll that may end its stun).
fn acts(fight: &mut Fight, index: usize, turns: &mut Turns) -> bool {
    let round = fight.round;
    let rules = turns.rules;
    let who: Vec<String> = fight.order[index].who().iter().map(|s| s.to_string()).collect();
    let seat = &fight.order[index];
    let name = seat.name.clone();
    if let (true, Some(owner)) = (seat.lair, fight.setup.lair_owner.clone()) {
        let surprised = fight
            .order
            .iter()
            .find(|s| s.who().contains(&owner.as_str()))
            .is_some_and(|s| s.out.as_ref().is_some_and(|o| o.reason == "surprised"));
        let mut acts = true;
        fire(fight, turns, |rules, table| acts = rules.lair_acts(table, &owner, surprised));
        if !acts {
            turns.note(round, &name, "skips", format!("{name}: no lair action this round"));
        }
        return acts;
    }
    if !seat.lair && !who.is_empty() {
        let down: Vec<&Combatant> = who.iter().filter_map(|n| fight.combatant(n)).collect();
        let nobody_able = !down.is_empty() && down.iter().all(|c| !able(turns, c));
        if nobody_able {
            let words: Vec<&str> = down.iter().filter_map(|c| c.down.as_deref()).collect();
            let word = if words.iter().all(|w| *w == words[0]) { words[0] } else { "down" };
            turns.note(round, &name, "skips", format!("{name} {} {word}: no turn", is(&name)));
            return false;
        }
    }
    let seat = &mut fight.order[index];
    if seat.holds.as_ref().is_some_and(|h| h.round > round) {
        turns.note(round, &name, "holds", format!("{name} holds its action for round {}", round + 1));
        return false;
    }
    let Some(out) = seat.out.clone() else { return true };
    if let Some(stun) = &out.recovery {
        if round < stun.first_turn {
            let text = format!(
                "{name} {} {} (turn {round}; rolls to recover from turn {})",
                is(&name),
                out.reason,
                stun.first_turn
            );
            turns.note(round, &name, "loses_turn", text);
            return false;
        }
        let Some(check) = rules.fight.recovery(stun, round, &mut turns.dice) else {
            seat.out = None;
            return true;
        };
        let text = if check.success {
            seat.out = Some(Out { reason: out.reason.clone(), from_round: Some(round + 1), recovery: None });
            format!(
                "{name}, {}, rolls to recover: {}: recovers; Does Nothing this turn, acts from round {}",
                out.reason,
                check.words,
                round + 1
            )
        } else {
            format!(
                "{name}, {}, rolls to recover: {}: still {}; Does Nothing this turn",
                out.reason, check.words, out.reason
            )
        };
        turns.events.push(Event { roll: Some(check.record), ..Event::new(round, Some(&name), "recovery", text) });
        return false;
    }
    match out.from_round {
        Some(from) if round >= from => {
            seat.out = None;
            true
        }
        Some(from) => {
            let text =
                format!("{name} {} {}: no action in round {round} (acts from round {from})", is(&name), out.reason);
            turns.note(round, &name, "loses_turn", text);
            false
        }
        None => {
            turns.note(round, &name, "loses_turn", format!("{name} {} out of action ({})", is(&name), out.reason));
            false
        }
    }
}

/// The next round begins: effects whose turn never came end, initiative is rolled anew where
/// the ruleset does, else the rolled order comes back with every moved action in its place;
/// held actions are placed; the lair is at count 20.
pub fn new_round(fight: &mut Fight, turns: &mut Turns) -> Result<()> {
    if fight.round >= super::state::MAX_ROUND {
        return Err(Error::usage(format!("the fight '{}' has reached round {}", fight.fight, fight.round))
            .hint("end it with 'fray track end'"));
    }
    fight.round += 1;
    let round = fight.round;
    turns.events.push(Event::new(round, None, "round", format!("round {round} begins")));
    overdue(fight, turns);
    if turns.rules.fight.rerolls(round, fight.setup.variant.as_deref()) {
        reroll(fight, turns)?;
    } else {
        for seat in &mut fight.order {
            if let Some(moved) = seat.moved.take()
                && let Some(total) = moved.base_total
            {
                seat.total = Some(total);
            }
            if seat.holds.as_ref().is_some_and(|h| h.round < round) {
                seat.holds = None;
            }
        }
        fight.order.sort_by_key(|s| s.rank);
        place_holds(fight, turns);
    }
    late_initiative(fight, turns);
    Ok(())
}

/// Those the opening left out who enter this round roll their initiative now, where the
/// ruleset has them roll it late (cofd: at their wound penalty), and take their place by it.
fn late_initiative(fight: &mut Fight, turns: &mut Turns) {
    let round = fight.round;
    let entering: Vec<(String, i64)> = fight
        .order
        .iter()
        .filter(|s| s.out.as_ref().is_some_and(|o| o.from_round == Some(round)))
        .map(|s| (s.name.clone(), s.tie.unwrap_or(0)))
        .collect();
    for (name, modifier) in entering {
        let mut total = None;
        fire(fight, turns, |rules, table| total = rules.late_initiative(table, &name, modifier));
        let (Some(total), Some(i)) = (total, fight.order.iter().position(|s| s.name == name)) else { continue };
        let mut seat = fight.order.remove(i);
        seat.total = Some(Number::from(total));
        seat.rolled = Some("rolled late".into());
        insert_by_total(&mut fight.order, seat);
    }
}

/// The fight's cast as set up (its roster and every combatant given), loaded again under its
/// ruleset, with only those still able to act in it, and the sides they are on (while anyone
/// is left on any side; a fight of sides alone keeps every side).
pub fn able_cast(fight: &Fight, turns: &Turns, seed: u64) -> Result<crate::cast::Cast> {
    let setup = &fight.setup;
    let opts = open::cast_options(setup, setup.combatants.clone());
    let (mut cast, _, _, _) =
        open::load_cast(turns.rules, &opts, open::RosterSource::Kept(&setup.rosters), seed, &mut std::io::sink())?;
    let removed = &fight.setup.removed;
    if cast.combatants.is_empty() {
        cast.sides.retain(|s| !removed.contains(&s.name));
        return Ok(cast);
    }
    let able_member = |name: &str| fight.combatant(name).is_some_and(|c| able(turns, c));
    cast.combatants.retain(|c| c.member_names().iter().any(|m| able_member(m)));
    let used: Vec<bool> = (0..cast.sides.len()).map(|i| cast.combatants.iter().any(|c| c.side == i)).collect();
    let mut index = Vec::with_capacity(used.len());
    let mut kept = 0;
    for &u in &used {
        index.push(kept);
        kept += usize::from(u);
    }
    let mut i = 0;
    cast.sides.retain(|_| {
        i += 1;
        used[i - 1]
    });
    for c in &mut cast.combatants {
        c.side = index[c.side];
    }
    Ok(cast)
}

/// The round's initiative rolled anew for the sides and combatants still able to fight; who
/// is out of action stays out.
fn reroll(fight: &mut Fight, turns: &mut Turns) -> Result<()> {
    let seed = turns.next_seed();
    let cast = able_cast(fight, turns, seed)?;
    if cast.sides.is_empty() {
        return Ok(());
    }
    let command = open::initiative(turns.rules, &fight.setup)?;
    let ran = open::run(turns.rules, &command, &cast, seed, turns.palette)?;
    let mut seats = open::seats(&ran.opening, &cast);
    keep_present(&mut seats, fight);
    for seat in &mut seats {
        seat.out = fight.order.iter().find(|s| s.name == seat.name).and_then(|s| s.out.clone());
    }
    fight.order = seats;
    if fight.setup.lair {
        add_lair(&mut fight.order);
    }
    let names: Vec<&str> = fight.order.iter().map(|s| s.name.as_str()).collect();
    let text = format!("initiative rolled anew for round {}: {}", fight.round, names.join(", "));
    let shown = turns.palette.map(|_| ran.text);
    turns.events.push(Event { roll: Some(ran.doc), shown, ..Event::new(fight.round, None, "initiative", text) });
    Ok(())
}

/// Drops the members the fight no longer has, and the seats left without anyone (the lair
/// stays); numbers the ranks anew.
pub fn keep_present(seats: &mut Vec<Seat>, fight: &Fight) {
    let present = |name: &str| fight.combatant(name).is_some();
    seats.retain_mut(|seat| {
        if seat.lair {
            return true;
        }
        let had_members = !seat.members.is_empty();
        seat.members.retain(|m| present(m));
        let side = fight.sides.contains(&seat.name) && !fight.setup.removed.contains(&seat.name);
        if had_members { !seat.members.is_empty() } else { present(&seat.name) || side }
    });
    for (rank, seat) in seats.iter_mut().enumerate() {
        seat.rank = rank as u32;
    }
}

/// The lair's seat: lair actions "on initiative count 20 (losing initiative ties)", as the
/// SRD 5.1 and SRD 5.2 lair entries put it.
pub fn add_lair(order: &mut Vec<Seat>) {
    let mut lair = Seat::new("Lair", Some(Number::from(20)));
    lair.rolled = Some("initiative count 20, losing ties".into());
    lair.lair = true;
    insert_by_total(order, lair);
}

/// The place in `order` for a seat on `total`: after every seat at the same total or higher
/// (it loses ties).
pub fn place_by_total(order: &[Seat], total: Option<&Number>) -> usize {
    let value = total.and_then(Number::as_f64).unwrap_or(f64::NEG_INFINITY);
    order
        .iter()
        .position(|s| s.total.as_ref().and_then(Number::as_f64).unwrap_or(f64::NEG_INFINITY) < value)
        .unwrap_or(order.len())
}

/// Puts `seat` in the order by its total, after every seat at the same total or higher (it
/// loses ties), and numbers the ranks anew; returns where it went.
pub fn insert_by_total(order: &mut Vec<Seat>, seat: Seat) -> usize {
    let at = place_by_total(order, seat.total.as_ref());
    order.insert(at, seat);
    renumber(order);
    at
}

/// Ranks numbered in the order's order.
pub fn renumber(order: &mut [Seat]) {
    for (rank, seat) in order.iter_mut().enumerate() {
        seat.rank = rank as u32;
    }
}

/// Held actions come into the round they were held for: before or after the one named, else
/// first (seed 003: it may act at any moment of that round).
fn place_holds(fight: &mut Fight, turns: &mut Turns) {
    let round = fight.round;
    let held: Vec<usize> =
        (0..fight.order.len()).filter(|&i| fight.order[i].holds.as_ref().is_some_and(|h| h.round == round)).collect();
    for i in held.into_iter().rev() {
        let mut seat = fight.order.remove(i);
        let place = seat.holds.as_ref().and_then(|h| h.place.clone());
        seat.moved = Some(Moved { how: "held".into(), anchor: place.as_ref().map(|p| p.1.clone()), base_total: None });
        let at = match &place {
            Some((how, other)) => match fight.order.iter().position(|s| &s.name == other) {
                Some(j) if how == "after" => j + 1,
                Some(j) => j,
                None => 0,
            },
            None => 0,
        };
        let text = format!("{} acts on its held action at any moment of round {round}", seat.name);
        turns.note(round, &seat.name.clone(), "holds", text);
        fight.order.insert(at, seat);
    }
}

/// The sides with someone still able to fight, in the fight's order of sides.
pub fn standing(fight: &Fight, turns: &Turns) -> Vec<String> {
    let able_on = |side: &String| fight.combatants.iter().any(|c| &c.side == side && able(turns, c));
    fight.sides.iter().filter(|s| able_on(s)).cloned().collect()
}

/// Says so when a change leaves one side alone standing where more stood before it.
pub fn say_if_over(before: &[String], fight: &Fight, turns: &mut Turns) {
    let now = standing(fight, turns);
    if before.len() > 1 && now.len() <= 1 {
        let text = match now.first() {
            Some(side) => {
                format!("only {side} {} left standing: the fight looks over ('fray track end' ends it)", is(side))
            }
            None => "nobody is left standing: the fight looks over ('fray track end' ends it)".into(),
        };
        turns.events.push(Event::new(fight.round, None, "over", text));
    }
}
