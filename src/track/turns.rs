//! Turns and rounds passing: whose turn begins, who loses it and why (with the recovery rolls
//! that may end a stun), a new round with its initiative rolled anew where the ruleset does,
//! moved actions back in their places, held actions placed, and the lair at count 20.

use super::open;
use super::state::{Fight, Moved, Out, Seat};
use crate::dice::SeededDice;
use crate::error::{Error, Result};
use crate::render::Palette;
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
    /// What kind of thing: `round`, `initiative`, `turn`, `loses_turn`, `recovery`, `holds`,
    /// `joins`, `leaves`, `delays`, `readies`, `set`, `undo`.
    pub event: &'static str,
    /// The same in words.
    pub text: String,
    /// The ruleset's record of what was rolled: a recovery roll, a round's initiative.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Value>,
    /// The procedure's own text of that roll (text output only).
    #[serde(skip)]
    pub shown: Option<String>,
}

impl Event {
    pub fn new(round: u32, name: Option<&str>, event: &'static str, text: String) -> Event {
        Event { round, name: name.map(str::to_string), event, text, roll: None, shown: None }
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
}

impl Turns {
    pub fn new(rules: &'static Ruleset, seed: u64, palette: Option<Palette>) -> Turns {
        Turns { rules, seed, dice: SeededDice::new(seed), events: Vec::new(), runs: 0, palette }
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

    fn note(&mut self, round: u32, name: &str, event: &'static str, text: String) {
        self.events.push(Event::new(round, Some(name), event, text));
    }
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
                    .hint("bring someone back with 'fray track set NAME acts-from=0'"));
            }
            new_round(fight, turns)?;
            index = 0;
            continue;
        }
        if acts(fight, index, turns) {
            fight.turn = index;
            let seat = &fight.order[index];
            let text = format!("{} turn", crate::render::possessive(&seat.name));
            turns.events.push(Event::new(fight.round, Some(&seat.name.clone()), "turn", text));
            return Ok(());
        }
        index += 1;
    }
}

/// Whether the seat at `index` acts on its turn now; when it does not, says why (rolling the
/// recovery roll that may end its stun).
fn acts(fight: &mut Fight, index: usize, turns: &mut Turns) -> bool {
    let round = fight.round;
    let rules = turns.rules;
    let seat = &mut fight.order[index];
    let name = seat.name.clone();
    if seat.holds.as_ref().is_some_and(|h| h.round > round) {
        turns.note(round, &name, "holds", format!("{name} holds its action for round {}", round + 1));
        return false;
    }
    let Some(out) = seat.out.clone() else { return true };
    if let Some(stun) = &out.recovery {
        if round < stun.first_turn {
            let text =
                format!("{name} is {} (turn {round}; rolls to recover from turn {})", out.reason, stun.first_turn);
            turns.note(round, &name, "loses_turn", text);
            return false;
        }
        let Some(roll) = rules.rounds.recovery else {
            seat.out = None;
            return true;
        };
        let check = roll(stun, round, &mut turns.dice);
        let words = recovery_words(&check.roll);
        let text = if check.success {
            seat.out = Some(Out { reason: out.reason.clone(), from_round: Some(round + 1), recovery: None });
            format!(
                "{name}, {}, rolls to recover: {words}: recovers; Does Nothing this turn, acts from round {}",
                out.reason,
                round + 1
            )
        } else {
            format!("{name}, {}, rolls to recover: {words}: still {}; Does Nothing this turn", out.reason, out.reason)
        };
        turns.events.push(Event { roll: Some(check.roll), ..Event::new(round, Some(&name), "recovery", text) });
        return false;
    }
    match out.from_round {
        Some(from) if round >= from => {
            seat.out = None;
            true
        }
        Some(from) => {
            let text = format!("{name} is {}: no action in round {round} (acts from round {from})", out.reason);
            turns.note(round, &name, "loses_turn", text);
            false
        }
        None => {
            turns.note(round, &name, "loses_turn", format!("{name} is out of action ({})", out.reason));
            false
        }
    }
}

/// A recovery roll in words: `3d6 (6+1+4) = 11 vs 10 (+1 turn 2): fails`.
fn recovery_words(roll: &Value) -> String {
    let dice = roll.get("roll");
    let faces: Vec<String> = dice
        .and_then(|d| d.get("rolls"))
        .and_then(Value::as_array)
        .map(|r| r.iter().map(|f| f.to_string()).collect())
        .unwrap_or_default();
    let notation = dice.and_then(|d| d.get("dice")).and_then(Value::as_str).unwrap_or("3d6");
    let total = dice.and_then(|d| d.get("total")).map(|t| t.to_string()).unwrap_or_default();
    let target = roll.get("target").map(|t| t.to_string()).unwrap_or_default();
    let bonuses: Vec<String> = roll
        .get("modifiers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|m| Some(format!("{:+} {}", m.get("value")?.as_i64()?, m.get("source")?.as_str()?)))
        .collect();
    let bonuses = if bonuses.is_empty() { String::new() } else { format!(" ({})", bonuses.join(", ")) };
    let verdict = if roll.get("success").and_then(Value::as_bool) == Some(true) { "succeeds" } else { "fails" };
    format!("{notation} ({}) = {total} vs IQ {target}{bonuses}, {verdict}", faces.join("+"))
}

/// The next round begins: initiative rolled anew where the ruleset does, else the rolled order
/// back with every moved action in its place; held actions placed; the lair at count 20.
pub fn new_round(fight: &mut Fight, turns: &mut Turns) -> Result<()> {
    if fight.round >= super::state::MAX_ROUND {
        return Err(Error::usage(format!("the fight '{}' has reached round {}", fight.fight, fight.round))
            .hint("end it with 'fray track end'"));
    }
    fight.round += 1;
    let round = fight.round;
    turns.events.push(Event::new(round, None, "round", format!("round {round} begins")));
    if (turns.rules.rounds.rerolls)(round, fight.setup.variant.as_deref()) {
        reroll(fight, turns)?;
    } else {
        for seat in &mut fight.order {
            if let Some(moved) = seat.moved.take() {
                if let Some(total) = moved.base_total {
                    seat.total = Some(total);
                }
            }
            if seat.holds.as_ref().is_some_and(|h| h.round < round) {
                seat.holds = None;
            }
        }
        fight.order.sort_by_key(|s| s.rank);
        place_holds(fight, turns);
    }
    Ok(())
}

/// The round's initiative rolled anew for everyone still in the fight; who is out of action
/// stays out.
fn reroll(fight: &mut Fight, turns: &mut Turns) -> Result<()> {
    let setup = &fight.setup;
    let opts = open::cast_options(setup, setup.combatants.clone());
    let seed = turns.next_seed();
    let (cast, _, _) = open::load_cast(
        turns.rules,
        &opts,
        open::RosterSource::Kept(setup.roster.as_ref()),
        seed,
        &mut std::io::sink(),
    )?;
    let command = open::initiative(turns.rules, setup)?;
    let ran = open::run(turns.rules, &command, &cast, seed, turns.palette)?;
    let mut seats = open::seats(&ran.doc, &cast);
    keep_present(&mut seats, &setup.removed);
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

/// Drops the seats and members taken out of the fight (a seat whose members all left, too).
pub fn keep_present(seats: &mut Vec<Seat>, removed: &[String]) {
    seats.retain_mut(|seat| {
        let had_members = !seat.members.is_empty();
        seat.members.retain(|m| !removed.contains(m));
        let emptied = had_members && seat.members.is_empty();
        !removed.contains(&seat.name) && !emptied
    });
    for (rank, seat) in seats.iter_mut().enumerate() {
        seat.rank = rank as u32;
    }
}

/// The lair's seat: lair actions "on initiative count 20 (losing initiative ties)", as the
/// SRD 5.1 and SRD 5.2 lair entries put it.
pub fn add_lair(order: &mut Vec<Seat>) {
    let lair = Seat {
        name: "Lair".into(),
        total: Some(Number::from(20)),
        side: None,
        members: Vec::new(),
        rank: 0,
        tie: None,
        rolled: Some("initiative count 20, losing ties".into()),
        out: None,
        moved: None,
        holds: None,
        lair: true,
    };
    insert_by_total(order, lair);
}

/// Puts `seat` in the order by its total, after every seat at the same total or higher (it
/// loses ties), and numbers the ranks anew; returns where it went.
pub fn insert_by_total(order: &mut Vec<Seat>, seat: Seat) -> usize {
    let value = seat.total.as_ref().and_then(Number::as_f64).unwrap_or(f64::NEG_INFINITY);
    let at = order
        .iter()
        .position(|s| s.total.as_ref().and_then(Number::as_f64).unwrap_or(f64::NEG_INFINITY) < value)
        .unwrap_or(order.len());
    order.insert(at, seat);
    for (rank, seat) in order.iter_mut().enumerate() {
        seat.rank = rank as u32;
    }
    at
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
