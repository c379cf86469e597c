//! Text for the procedures of the 5e family: 5e's own, and the pieces 5e2024's text reuses.

use super::{creature::*, distance::*, encounter::*, initiative::*, surprise::*};
use crate::fight::{Absence, Entry, Opening, rolled_words};
use crate::order::Tie;
use crate::outcome::join;
use crate::render::ties::tie_line;
use crate::render::{self, Palette, Report, Signed, block, modifiers, pad, quiet_field, quiet_list, step, width};
use std::fmt::Write as _;
use std::ops::Not as _;

/// `Goblin ×4` for a group, the plain name otherwise.
pub fn label(name: &str, count: u32) -> String {
    if count > 1 { format!("{name} ×{count}") } else { name.to_string() }
}

pub fn names_of<'a>(items: impl IntoIterator<Item = (&'a str, u32)>) -> Vec<String> {
    items.into_iter().map(|(n, c)| label(n, c)).collect()
}

/// Whether groups of these sizes make more than one creature.
pub fn several(counts: impl IntoIterator<Item = u32>) -> bool {
    counts.into_iter().sum::<u32>() > 1
}

pub fn join_owned(items: &[String]) -> String {
    join(&items.iter().map(String::as_str).collect::<Vec<_>>())
}

// ------------------------------------------------------------------------------------------
// Surprise

/// `Stealth 1d20 (12) +2 = 14`, or `Stealth 14` for a total given.
pub fn stealth_text(h: &HiderStealth, p: &Palette) -> String {
    match (&h.roll, h.modifier) {
        (Some(roll), Some(m)) => format!("Stealth {} {} = {}", p.roll(roll), Signed(m), p.total(h.stealth)),
        _ => format!("Stealth {}", p.total(h.stealth)),
    }
}

/// With several hiders, why the lowest Stealth is the one compared.
pub fn lowest_note(hiders: usize, lowest: Option<i32>, p: &Palette) -> Option<String> {
    let lowest = lowest.filter(|_| hiders > 1)?;
    Some(
        p.dim(format_args!("a creature that notices any hider is not surprised: the lowest Stealth, {lowest}, counts"))
            .to_string(),
    )
}

/// `passive Perception 16 > Stealth 14`
pub fn perception_text(per: i32, stealth: i32) -> String {
    let sign = match per.cmp(&stealth) {
        std::cmp::Ordering::Greater => ">",
        std::cmp::Ordering::Equal => "=",
        std::cmp::Ordering::Less => "<",
    };
    format!("passive Perception {per} {sign} Stealth {stealth}")
}

fn surprise_lines(s: &SurpriseOutcome, p: &Palette) -> Vec<String> {
    if s.verdict == Verdict::NobodyHides {
        return vec![format!("→ {}", p.good(NOBODY_HIDES))];
    }
    let mut lines = Vec::new();
    let labels: Vec<String> = s.creatures.iter().map(|c| label(c.name, c.count)).collect();
    let hider_names: Vec<&str> = s.hiders.iter().map(|h| h.name).collect();
    let w = width(labels.iter().map(String::as_str).chain(hider_names.iter().copied()));
    for h in &s.hiders {
        let mut line = String::new();
        pad(&mut line, p.name(h.name), w);
        let _ = write!(line, "  {}", stealth_text(h, p));
        lines.push(line);
    }
    lines.extend(lowest_note(s.hiders.len(), s.lowest_stealth, p));
    for (c, name) in s.creatures.iter().zip(&labels) {
        let mut line = String::new();
        pad(&mut line, p.name(name), w);
        line.push_str("  ");
        match c.judged.reason {
            Reason::Hiding => line.push_str(&p.dim(format_args!("hides with {}", c.side)).to_string()),
            Reason::Alert => {
                let _ = write!(line, "{}", p.good("Alert: cannot be surprised"));
            }
            Reason::BothSurprised => {
                let _ = write!(line, "{}", p.bad("surprised (both sides)"));
            }
            Reason::Noticed | Reason::NotNoticed => {
                let _ = write!(
                    line,
                    "{}  ",
                    perception_text(c.passive_perception.unwrap_or(0), c.judged.stealth.unwrap_or(0))
                );
                let words = if c.judged.surprised { "surprised" } else { "noticed" };
                line.push_str(&p.surprise(c.side == s.party, c.judged.surprised, words).to_string());
                if c.judged.borderline {
                    let other = if c.judged.surprised { "noticed" } else { "surprised" };
                    let _ = write!(
                        line,
                        "  {}",
                        p.warn(format_args!("borderline: the referee's call (--stealth-ties {other} rules otherwise)"))
                    );
                }
            }
        }
        lines.push(line);
    }
    let surprised: Vec<String> = names_of(s.creatures.iter().filter(|c| c.judged.surprised).map(|c| (c.name, c.count)));
    let one = several(s.creatures.iter().filter(|c| c.judged.surprised).map(|c| c.count)).not();
    let verdict = match s.verdict {
        Verdict::NoneSurprised => p.good("nobody is surprised").to_string(),
        Verdict::NobodyHides => p.good(NOBODY_HIDES).to_string(),
        Verdict::Surprised => {
            let is = if one { "is" } else { "are" };
            format!(
                "{} {is} surprised: no move or action on their first turn, no reactions until that turn ends; \
                 hidden attackers have advantage against them",
                p.surprise(
                    s.creatures.iter().any(|c| c.judged.surprised && c.side == s.party),
                    true,
                    join_owned(&surprised)
                )
            )
        }
        Verdict::BothSidesSurprised => {
            let alert: Vec<String> =
                names_of(s.creatures.iter().filter(|c| !c.judged.surprised).map(|c| (c.name, c.count)));
            let mut v = format!("{}: everyone surprised loses the first round", p.bad("both sides are surprised"));
            if alert.is_empty() {
                v.push_str("; combat starts in round 2");
            } else {
                let _ = write!(v, "; only {} acts in it (cannot be surprised)", join_owned(&alert));
            }
            v
        }
    };
    lines.push(format!("→ {verdict}"));
    lines
}

impl Report for SurpriseOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &surprise_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&surprised_creatures(self));
    }
}

/// The surprised creatures for `-q` (a group by its name), or `none`.
fn surprised_creatures(s: &SurpriseOutcome) -> String {
    quiet_list(s.creatures.iter().filter(|c| c.judged.surprised).map(|c| c.name))
}

// ------------------------------------------------------------------------------------------
// Encounter distance

/// `2d8 (3+6) = 9 × 10 ft = 90 ft  forest`
fn distance_line(d: &DistanceOutcome, p: &Palette) -> String {
    let note = match (d.terrain, d.audible) {
        (Some(terrain), _) => Some(format!("{terrain} terrain")),
        (None, Some(noise)) => Some(format!("heard, {noise} noise")),
        (None, None) => None,
    };
    let note = note.map(|n| format!("  {}", p.dim(n))).unwrap_or_default();
    render::distance_line(p, &d.roll, d.scale, d.feet, " ft", note)
}

impl Report for DistanceOutcome {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &[distance_line(self, p)]);
    }

    fn headline(&self, out: &mut String) {
        let _ = write!(out, "{}", self.feet);
    }
}

// ------------------------------------------------------------------------------------------
// Initiative

/// How a place's number came about: `1d20 (14) +2 Dex, +5 Alert`.
pub fn working(place: &Place, p: &Palette) -> String {
    let mut line = String::new();
    match (place.rolls.as_slice(), place.d20) {
        ([a, b], Some(kept)) => {
            let word = if place.mode == RollMode::Disadvantage { "disadvantage" } else { "advantage" };
            let _ = write!(
                line,
                "{} ({}, {}) {word} → {}",
                p.dim("2×1d20"),
                p.paint(p.die, a.total),
                p.paint(p.die, b.total),
                p.total(kept)
            );
        }
        ([a], _) => {
            let _ = write!(line, "{}", p.roll(a));
        }
        _ if place.given => {
            let _ = write!(line, "{}", p.dim("given"));
        }
        _ => {
            if let Some(base) = place.base {
                let _ = write!(line, "{}", p.dim(format_args!("score {base}")));
            }
        }
    }
    modifiers(&mut line, p, place.modifiers);
    if place.mode == RollMode::Cancelled {
        let _ = write!(line, "  {}", p.dim("(advantage and disadvantage cancel)"));
    }
    if let Some(action) = place.action {
        let _ = write!(line, "  {}", p.dim(format_args!("[{}: net {}]", action.declared, Signed(action.net()))));
        for why in &action.ignored {
            let _ = write!(line, " {}", p.dim(format_args!("({why})")));
        }
    }
    line
}

/// One line per place, each followed by its entry of `notes` (if any), then one per tie.
pub fn order_lines(
    order: &[&Place],
    notes: &[String],
    ties: &[Tie<i32>],
    p: &Palette,
    variant: Variant,
) -> Vec<String> {
    let mut lines = Vec::new();
    let labels: Vec<String> = order.iter().map(|o| label(o.name, o.count)).collect();
    let w = width(labels.iter().map(String::as_str));
    let tw = order.iter().map(|o| o.total.to_string().len()).max().unwrap_or(1);
    let pw = order.len().to_string().len();
    for (k, (place, name)) in order.iter().zip(&labels).enumerate() {
        let mut line = format!("{:>pw$}. ", place.place);
        pad(&mut line, p.name(name), w);
        let _ = write!(line, "  {}  ", p.total(format_args!("{:>tw$}", place.total)));
        line.push_str(&working(place, p));
        if variant == Variant::Side {
            let members: Vec<String> = place
                .members
                .iter()
                .map(|m| {
                    let n = label(m.name, m.count);
                    if m.loses_first_turn == Some(true) { format!("{n} (surprised)") } else { n }
                })
                .collect();
            if !members.is_empty() {
                let _ = write!(line, "  {}", p.dim(members.join(", ")));
            }
        }
        if place.loses_first_turn == Some(true) {
            let _ = write!(line, "  {}", p.bad("loses first turn (surprised)"));
        }
        if let Some(note) = notes.get(k).filter(|n| !n.is_empty()) {
            let gap = if line.ends_with("  ") { "" } else { "  " };
            let _ = write!(line, "{gap}{note}");
        }
        lines.push(line);
    }
    lines.extend(ties.iter().map(|tie| tie_line(p, format_args!("tie at {}", tie.total), tie)));
    lines
}

pub(crate) fn initiative_lines(i: &InitiativeOutcome, p: &Palette) -> Vec<String> {
    let mut lines = Vec::new();
    match i.variant {
        Variant::Speed => {
            for round in &i.rounds {
                lines.push(p.paint(p.title, format_args!("round {} (count down)", round.round)).to_string());
                let order: Vec<&Place> = round.order.iter().collect();
                lines.extend(order_lines(&order, &[], &round.ties, p, i.variant).into_iter().map(|l| format!("  {l}")));
            }
        }
        _ => lines.extend(order_lines(&i.order.iter().collect::<Vec<_>>(), &[], &i.ties, p, i.variant)),
    }
    match i.variant {
        Variant::Side => lines.push(
            p.dim("each side acts in turn; its members act in any order they choose; no roll takes modifiers")
                .to_string(),
        ),
        Variant::Score => lines.push(
            p.dim("initiative score: a passive Dex check, 10 + modifier; advantage +5, disadvantage −5").to_string(),
        ),
        _ => {}
    }
    lines
}

impl Report for InitiativeOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        p.line(out, "  ", &p.dim(self.variant.words()).to_string());
        block(out, p, &initiative_lines(self, p));
    }

    /// The first round's order (the speed factor's round 1).
    fn headline(&self, out: &mut String) {
        out.push_str(&acting_order(&self.order));
    }

    fn opening(&self) -> Option<Opening> {
        Some(opening_of(self.order.iter(), Vec::new()))
    }
}

/// The places in acting order as a fight opens with them, and who is out of action.
pub fn opening_of<'a>(order: impl Iterator<Item = &'a Place<'a>>, absences: Vec<Absence>) -> Opening {
    let entries = order
        .map(|place| {
            let modifiers = place.modifiers.iter().map(|m| (i64::from(m.value), m.source.as_str()));
            Entry {
                side: place.side.map(str::to_string),
                rolled: rolled_words(&place.rolls, place.given, modifiers),
                ..Entry::new(place.name, Some(place.total.into()))
            }
        })
        .collect();
    Opening { entries, absences, words: None, doc: None }
}

/// The places that act in the first round, in order, for `-q`: a creature that is not
/// surprised, a side with a member who is not.
fn acting_order(order: &[Place]) -> String {
    let loses = |turn: Option<bool>| turn == Some(true);
    let acts = |place: &&Place| {
        !loses(place.loses_first_turn)
            && (place.members.is_empty() || !place.members.iter().all(|m| loses(m.loses_first_turn)))
    };
    quiet_list(order.iter().filter(acts).map(|o| o.name))
}

// ------------------------------------------------------------------------------------------
// Encounter

impl Report for EncounterOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        step(out, p, 1, "surprise", &surprise_lines(&self.surprise, p));
        let mut lines = vec![p.dim(self.initiative.variant.words()).to_string()];
        lines.extend(initiative_lines(&self.initiative, p));
        let lose: Vec<String> =
            names_of(self.surprise.creatures.iter().filter(|c| c.judged.surprised).map(|c| (c.name, c.count)));
        let mut verdict = match self.first_to_act {
            Some(first) => format!("round 1: {} acts first", p.name(first)),
            None => "round 1: nobody acts".to_string(),
        };
        if !lose.is_empty() {
            let several = several(self.surprise.creatures.iter().filter(|c| c.judged.surprised).map(|c| c.count));
            let lose_word = if several { "lose" } else { "loses" };
            let _ = write!(verdict, "; {} {lose_word} their first turn", p.bad(join_owned(&lose)));
        }
        lines.push(format!("→ {}", p.total(verdict)));
        step(out, p, 2, "initiative", &lines);
    }

    /// `surprised= order=`: `order` leaves out those who lose their first turn.
    fn headline(&self, out: &mut String) {
        let mut line = String::new();
        quiet_field(&mut line, "surprised", surprised_creatures(&self.surprise));
        quiet_field(&mut line, "order", acting_order(&self.initiative.order));
        out.push_str(&line);
    }

    /// seed 004: a surprised creature cannot move or act on its first turn, and only that one
    /// (under side initiative the order holds sides: the surprised are the surprise's creatures).
    fn opening(&self) -> Option<Opening> {
        let in_order = self.initiative.order.iter().filter(|p| p.loses_first_turn == Some(true)).map(|p| p.name);
        let caught = self.surprise.creatures.iter().filter(|c| c.judged.surprised).map(|c| c.name);
        let mut absences: Vec<Absence> = Vec::new();
        for name in in_order.chain(caught) {
            if !absences.iter().any(|a| a.name == name) {
                absences.push(Absence::until(name, "surprised", 2));
            }
        }
        Some(opening_of(self.initiative.order.iter(), absences))
    }
}
