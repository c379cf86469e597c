//! Text for the procedures ose and bx share; bx's own text calls these lines where it runs
//! the family's rule.

use super::{distance::*, encounter::*, initiative::*, pursue::*, surprise::*};
use crate::fight::{Absence, Entry, Opening, rolled_words};
use crate::outcome::join;
use crate::render::ties::tie_line;
use crate::render::{self, Palette, Report, agree, block, modifiers, pad, quiet_list, reaction_line, verb, width};
use serde_json::Number;
use std::fmt::Write as _;

/// ` given` after a die the players rolled at the table.
fn given(given: bool, p: &Palette) -> String {
    if given { format!(" {}", p.dim("given")) } else { String::new() }
}

pub(crate) fn surprise_lines(s: &SurpriseOutcome, p: &Palette) -> Vec<String> {
    let w = width(s.sides.iter().map(|x| x.name));
    let mut lines = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        let mut line = String::new();
        pad(&mut line, p.name(side.name), w);
        line.push_str("  ");
        match (side.stance, side.roll, side.chance) {
            (Stance::Rolls, Some(roll), Some(chance)) => {
                let _ = write!(line, "{}{}  {chance}-in-6", p.roll(&roll), given(side.given, p));
                if !side.modifiers.is_empty() {
                    let base = chance as i32 - crate::outcome::sum(&side.modifiers);
                    let _ = write!(line, " {}", p.dim(format_args!("({base}")));
                    modifiers(&mut line, p, &side.modifiers);
                    let _ = write!(line, "{}", p.dim(")"));
                }
                // The first side is the party's: its surprise is red, the others' green.
                let words = if side.surprised { "surprised" } else { "not surprised" };
                let verdict = p.surprise(i == 0, side.surprised, words);
                let _ = write!(line, "  {verdict}");
            }
            (Stance::Ambusher, ..) => line.push_str(&p.dim("lies in ambush, does not roll").to_string()),
            _ => line.push_str(&p.dim("aware, does not roll").to_string()),
        }
        if !side.members.is_empty() {
            let _ = write!(line, "  {}", p.dim(side.members.join(", ")));
        }
        lines.push(line);
    }
    let surprised: Vec<&str> = s.sides.iter().filter(|x| x.surprised).map(|x| x.name).collect();
    let verdict = match s.verdict {
        Verdict::NoneSurprised => "nobody is surprised: no side has the advantage".to_string(),
        Verdict::AllSurprised => "everyone is surprised: a moment of confusion, no side has the advantage".to_string(),
        Verdict::SomeSurprised => {
            format!("{} one free round in which {} cannot act", agree(&s.free_round, "gets", "get"), join(&surprised))
        }
    };
    let party_surprised = s.sides.first().is_some_and(|x| x.surprised);
    let verdict = match s.verdict {
        Verdict::SomeSurprised => p.surprise(party_surprised, true, verdict).to_string(),
        _ => p.total(verdict).to_string(),
    };
    lines.push(format!("→ {verdict}"));
    lines
}

impl Report for SurpriseOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &surprise_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&surprised_sides(self));
    }
}

/// The surprised sides for `-q`, or `none`.
pub(crate) fn surprised_sides(s: &SurpriseOutcome) -> String {
    quiet_list(s.sides.iter().filter(|x| x.surprised).map(|x| x.name))
}

/// `2d6 (3+4) = 7 × 10′ = 70′  dungeon`
pub(crate) fn distance_line(d: &DistanceOutcome, p: &Palette) -> String {
    let both = if d.both_surprised { p.dim(", both sides surprised").to_string() } else { String::new() };
    render::distance_line(p, &d.roll, d.scale, d.feet, "′", format_args!("  {}{both}", p.dim(d.terrain)))
}

impl Report for DistanceOutcome {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &[distance_line(self, p)]);
    }

    fn headline(&self, out: &mut String) {
        let _ = write!(out, "{}", self.feet);
    }
}

pub(crate) fn initiative_lines(i: &InitiativeOutcome, p: &Palette) -> Vec<String> {
    let mut lines = Vec::new();
    let waiting: Vec<&str> = i.order.iter().filter(|o| o.waits).map(|o| o.name).collect();
    let alone = i.order.iter().find(|o| o.alone).map(|o| o.name);
    for note in &i.notes {
        let line = match note {
            InitNote::AllSurprised if waiting.is_empty() && alone.is_none() => {
                "every side is surprised: nobody has the advantage, so all roll".to_string()
            }
            InitNote::AllSurprised => {
                "every side is surprised: nobody has the advantage, so surprise changes nothing".to_string()
            }
            InitNote::AllWait if i.surprised.is_empty() => {
                "every side waits: nobody gives anything up, so all roll".to_string()
            }
            InitNote::AllWait => {
                "every side not surprised waits: nobody gives anything up, so they all roll".to_string()
            }
            InitNote::NobodyToWaitFor => {
                let side = alone.unwrap_or("the side");
                format!("{}: no other side acts", agree(&[side], "waits for nobody", "wait for nobody"))
            }
        };
        lines.push(p.dim(line).to_string());
    }
    let w = width(i.order.iter().map(|o| o.name));
    for place in &i.order {
        let mut line = format!("{}. ", place.place);
        pad(&mut line, p.name(place.name), w);
        if let Some(roll) = &place.roll {
            let _ = write!(line, "  {}{}", p.roll(roll), given(place.given, p));
        } else if place.alone {
            let acts = verb(&[place.name], "acts first", "act first");
            let _ = write!(line, "  {}", p.dim(format_args!("{acts}: {}", alone_reason(&waiting, &i.surprised))));
        } else {
            let waits = verb(&[place.name], "waits, then reacts to the others", "wait, then react to the others");
            let _ = write!(line, "  {}", p.dim(waits));
        }
        if !place.waits && i.order.iter().filter(|o| o.place == place.place).count() > 1 {
            let _ = write!(line, "  {}", p.dim("simultaneous"));
        }
        lines.push(line);
    }
    lines.extend(i.ties.iter().map(|tie| tie_line(p, format_args!("tie at {}", tie.total), tie)));
    if !i.surprised.is_empty() {
        lines.push(p.dim(format_args!("{} surprised: no roll", join(&i.surprised))).to_string());
    }
    lines
}

/// Why the one side that rolls would not need to: the others wait, or are surprised.
fn alone_reason(waiting: &[&str], surprised: &[&str]) -> String {
    match (waiting.is_empty(), surprised.is_empty()) {
        (false, false) => {
            format!("{} and {}", agree(waiting, "waits", "wait"), agree(surprised, "is surprised", "are surprised"))
        }
        (false, true) => agree(waiting, "waits", "wait"),
        (true, false) => "the only side not surprised".to_string(),
        (true, true) => "the only side".to_string(),
    }
}

impl Report for InitiativeOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &initiative_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&acting_order(&self.order));
    }

    fn opening(&self) -> Option<Opening> {
        Some(side_opening(self))
    }
}

/// The sides in acting order, each with its d6; seed 000: a surprised side cannot act in the
/// free round (round 1), so it is out of action until round 2.
pub(crate) fn side_opening(initiative: &InitiativeOutcome) -> Opening {
    let entries = initiative
        .order
        .iter()
        .enumerate()
        .map(|(k, place)| Entry {
            rolled: rolled_words(place.roll.as_ref(), place.given, []),
            // seed 000: sides tied under --ties simultaneous act at the same time.
            together: k > 0 && initiative.order[k - 1].place == place.place,
            ..Entry::new(place.name, place.total.map(Number::from))
        })
        .collect();
    let absences = initiative.surprised.iter().map(|side| Absence::until(*side, "surprised", 2)).collect();
    Opening { entries, absences, words: None, doc: None }
}

/// The sides in acting order for `-q`: places joined by `,`, simultaneous sides by `+`.
pub(crate) fn acting_order(order: &[Place]) -> String {
    if order.is_empty() {
        return "none".to_string();
    }
    let mut out = String::new();
    for (k, place) in order.iter().enumerate() {
        if k > 0 {
            out.push(if order[k - 1].place == place.place { '+' } else { ',' });
        }
        out.push_str(place.name);
    }
    out
}

fn bait_word(bait: Bait) -> &'static str {
    match bait {
        Bait::Treasure => "treasure",
        Bait::Food => "food",
    }
}

impl Report for PursueOutcome {
    fn text(&self, p: &Palette, out: &mut String) {
        let mut lines = vec![format!(
            "quarry Speed {} runs {}′ a round; pursuers Speed {} run {}′",
            self.quarry, self.quarry_run, self.pursuer, self.pursuer_run
        )];
        match &self.start {
            Some(d) => lines.push(format!("start gap {}", distance_line(d, p))),
            None => lines.push(format!("start gap {}′", self.start_gap)),
        }
        if let Some(sight) = self.sight {
            lines.push(p.dim(format_args!("pursuers give up once the gap exceeds {sight}′")).to_string());
        }
        for round in &self.rounds {
            let mut line = format!("round {:<3}", round.round);
            for drop in &round.drops {
                let _ = write!(
                    line,
                    " {} dropped: {} ≤ 3 → {};",
                    bait_word(drop.bait),
                    p.roll(&drop.roll),
                    if drop.stopped { p.good("pursuers stop").to_string() } else { p.bad("ignored").to_string() }
                );
            }
            let _ = write!(line, " gap {}", p.total(format_args!("{}′", round.gap)));
            lines.push(line);
        }
        let verdict = match self.outcome {
            Chase::Caught if self.round == 0 => {
                p.bad("caught at the start (round 0): the gap is 0, the pursuers are already on the quarry").to_string()
            }
            Chase::Escaped if self.round == 0 => p
                .good(format_args!(
                    "escaped at the start (round 0): the quarry is already out of sight at {}′, so there is no chase",
                    self.gap
                ))
                .to_string(),
            Chase::Caught => p.bad(format_args!("caught in round {}", self.round)).to_string(),
            Chase::Escaped => p
                .good(format_args!(
                    "escaped in round {}: the pursuers lose sight of the quarry at {}′",
                    self.round, self.gap
                ))
                .to_string(),
            Chase::Distracted => {
                let bait =
                    self.rounds.last().and_then(|r| r.drops.iter().find(|d| d.stopped)).map(|d| bait_word(d.bait));
                p.good(format_args!(
                    "distracted in round {}: the pursuers stop for the {}",
                    self.round,
                    bait.unwrap_or("bait")
                ))
                .to_string()
            }
            Chase::Running => p
                .warn(format_args!("still running after round {}, gap {}′ — referee decides", self.round, self.gap))
                .to_string(),
        };
        lines.push(format!("→ {verdict}"));
        match self.note {
            Some(ChaseNote::NeverCloses) => lines.push(match self.sight {
                None => p.dim("equal Speeds and no sight limit: the gap never closes").to_string(),
                Some(sight) => p
                    .dim(format_args!("equal Speeds: the gap never closes, and stays within sight ({sight}′)"))
                    .to_string(),
            }),
            Some(ChaseNote::PullsAway) => lines
                .push(p.dim("the quarry is faster and there is no sight limit: it pulls away for ever").to_string()),
            None => {}
        }
        block(out, p, &lines);
    }

    fn headline(&self, out: &mut String) {
        let _ = write!(out, "{} {}", self.outcome.word(), self.round);
    }
}

/// `monsters: 2d6 (3+5) = 8 → Uncertain, wary`, one line for each side met.
pub(crate) fn reaction_lines(reactions: &[SideReaction], p: &Palette) -> Vec<String> {
    reactions.iter().map(|r| format!("{}: {}", p.name(r.name), reaction_line(&r.reaction, p))).collect()
}
