//! Text for the wod procedures.

use super::pool::pool_text;
use super::{encounter::*, fight::*, surprise::*};
use crate::fight::{Absence, Entry, Opening, rolled_words};
use crate::outcome::join;
use crate::render::ties::tie_line;
use crate::render::{Palette, Report, Signed, block, modifiers, pad, quiet_field, quiet_list, step, width, width_of};
use serde::Serialize;
use std::fmt::Write as _;

/// `Wits 2 + Composure 3 -1 mod: 4d10 (9 3 10 2) 10-again (4) = 2 successes`
pub fn check_text(check: &Check, p: &Palette) -> String {
    let mut text = format!("Wits {} + Composure {}", check.wits, check.composure);
    if check.modifier != 0 {
        let _ = write!(text, " {} mod", p.total(Signed(check.modifier)));
    }
    if check.pool.chance {
        let _ = write!(text, " = {}", check.pool.size);
    }
    let _ = write!(text, ": {}", pool_text(p, &check.pool));
    text
}

/// A roller's verdict: surprised or not, and why when the extremes of the roll decide it;
/// coloured as the party (the first side) takes it.
fn roller_verdict(c: &CombatantSurprise, p: &Palette) -> String {
    let words = match (c.surprised, c.dramatic, c.exceptional, c.warned_by) {
        (true, true, ..) => "surprised for two rounds".to_string(),
        (true, ..) => "surprised".to_string(),
        (false, _, true, _) => "not surprised, exceptional success".to_string(),
        (false, _, _, Some(by)) => format!("not surprised: warned by {by}'s exceptional success"),
        _ => "not surprised".to_string(),
    };
    p.surprise(c.party, c.surprised, words).to_string()
}

/// The verdict on those who enter late: red when one of them is the party's, green when all
/// are its foes.
fn late_verdict(s: &SurpriseOutcome, late: &[&str], words: String, p: &Palette) -> String {
    let party = s.combatants.iter().any(|c| c.party && late.contains(&c.name));
    p.surprise(party, true, words).to_string()
}

fn surprise_lines(s: &SurpriseOutcome, p: &Palette) -> Vec<String> {
    let name_width = width(s.combatants.iter().map(|c| c.name));
    let checks: Vec<Option<String>> = s.combatants.iter().map(|c| c.check.as_ref().map(|k| check_text(k, p))).collect();
    let check_width = checks.iter().flatten().map(|t| width_of(t)).max().unwrap_or(0);
    let mut lines = Vec::new();
    for (c, check) in s.combatants.iter().zip(&checks) {
        let mut line = String::new();
        pad(&mut line, p.name(c.name), name_width);
        line.push_str("  ");
        match (c.stance, check) {
            (Stance::Rolls, Some(text)) => {
                pad(&mut line, text, check_width);
                let _ = write!(line, "  {}", roller_verdict(c, p));
            }
            (Stance::Ambusher, _) => line.push_str(&p.dim("lies in wait: does not roll").to_string()),
            _ => line.push_str(&p.dim("already in combat: cannot be surprised").to_string()),
        }
        lines.push(line);
    }
    // Each exceptional success that kept a side-mate from being surprised, once.
    let mut warners: Vec<&str> = Vec::new();
    for by in s.combatants.iter().filter_map(|c| c.warned_by) {
        if !warners.contains(&by) {
            warners.push(by);
        }
    }
    for by in warners {
        let side = s.combatants.iter().find(|c| c.name == by).map_or("", |c| c.side);
        lines.push(format!(
            "→ {}",
            p.total(format_args!("{by}'s exceptional success: nobody on {side} is caught off guard"))
        ));
    }
    let late = |round: u32| -> Vec<&str> {
        s.combatants.iter().filter(|c| c.enters_round == Some(round)).map(|c| c.name).collect()
    };
    let (second, third) = (late(2), late(3));
    if s.combatants.iter().all(|c| c.stance != Stance::Rolls) {
        lines.push(format!("→ {}", p.total("nobody can be surprised: everyone acts from round 1")));
    } else if s.surprised.is_empty() {
        lines.push(format!("→ {}", p.total("nobody is surprised: everyone acts from round 1")));
    }
    if !second.is_empty() {
        let words = format!(
            "{} surprised: no action and no Defense in round 1 (armour still counts); initiative from round 2",
            join(&second)
        );
        lines.push(format!("→ {}", late_verdict(s, &second, words, p)));
    }
    if !third.is_empty() {
        let words = format!(
            "{} surprised, dramatic failure: no action and no Defense in rounds 1 and 2; initiative from round 3",
            join(&third)
        );
        lines.push(format!("→ {}", late_verdict(s, &third, words, p)));
    }
    lines
}

impl Report for SurpriseOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &surprise_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&quiet_list(self.surprised.iter().copied()));
    }
}

/// `tie at 9: Bob, then Ann — higher Dexterity + Composure first`, or a moment several waited for.
fn moment_tie_line(tie: &MomentTie, beat: &str, p: &Palette) -> String {
    let total = tie.tie.total;
    match tie.kind {
        TieKind::Initiative => tie_line(p, format_args!("tie at {total}"), &tie.tie),
        TieKind::Moved => tie_line(p, format_args!("moved to the same moment ({total})"), &tie.tie),
        TieKind::Round2 => tie_line(p, format_args!("held to the same moment of {beat} 2 ({total})"), &tie.tie),
    }
}

/// What a place in the standing order carries besides its number.
fn place_note(place: &Place, beat: &str, p: &Palette) -> Option<String> {
    let mut notes: Vec<String> = Vec::new();
    if let Some(w) = &place.delayed {
        let other = w.after.unwrap_or("?");
        notes.push(if w.void {
            p.warn(format_args!("already acts after {other}: the delay changes nothing")).to_string()
        } else {
            format!("delayed: acts right after {other} (was {})", w.from)
        });
    }
    if let Some(w) = &place.ready {
        let other = w.before.unwrap_or("?");
        notes.push(if w.void {
            p.warn(format_args!("acts after {other}: no turn to ready an action before {other}")).to_string()
        } else {
            format!("readied: fires right before {other} (was {})", w.from)
        });
    }
    if let Some(h) = &place.holds {
        notes.push(if h.void {
            p.warn("surprised: no first-round action to hold").to_string()
        } else {
            let when = match (h.before, h.after) {
                (Some(o), _) => format!("right before {o}"),
                (_, Some(o)) => format!("right after {o}"),
                _ => "at any moment".to_string(),
            };
            format!("holds: moves only in {beat} 1, acts {when} in {beat} 2, then back here")
        });
    }
    match place.enters_round {
        Some(2) => notes.push(
            p.bad(format_args!("surprised: no action and no Defense in {beat} 1, acts from {beat} 2")).to_string(),
        ),
        Some(first) => {
            let lost = if first == 3 { "1 and 2".to_string() } else { format!("1 to {}", first - 1) };
            notes.push(
                p.bad(format_args!(
                    "surprised, dramatic failure: no action and no Defense in {beat}s {lost}, acts from {beat} {first}"
                ))
                .to_string(),
            )
        }
        None => {}
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

fn round_line(round: &RoundOrder, beat: &str, p: &Palette) -> String {
    let mut line = String::new();
    let label = if round.onward { format!("{beat} {} on", round.round) } else { format!("{beat} {}", round.round) };
    pad(&mut line, p.paint(p.title, &label), 10);
    line.push_str("  ");
    let turns: Vec<String> = round
        .order
        .iter()
        .map(|t| match (t.total, t.held) {
            (Some(total), true) => format!("{} {} {}", p.name(t.name), p.total(total), p.dim("(held action)")),
            (None, _) => format!("{} {}", p.name(t.name), p.dim("at any moment (held action)")),
            (Some(total), false) => format!("{} {}", p.name(t.name), p.total(total)),
        })
        .collect();
    line.push_str(&if turns.is_empty() { p.dim("nobody acts").to_string() } else { turns.join(", ") });
    for out in &round.sits_out {
        let why = match out.reason {
            SitOutReason::Surprised => "surprised",
            SitOutReason::Holds => "holds (moves only)",
            SitOutReason::DramaticFailure => "dramatic failure",
        };
        let _ = write!(line, " · {} {}", p.name(out.name), p.dim(why));
    }
    line
}

/// The initiative rolls, the ties, the standing order and the rounds that differ from it.
fn initiative_lines(i: &InitiativeOutcome, p: &Palette) -> Vec<String> {
    let beat = i.beat.word();
    let mut lines = Vec::new();
    let w = width(i.combatants.iter().map(|c| c.name));
    for c in &i.combatants {
        let mut line = String::new();
        pad(&mut line, p.name(c.name), w);
        match &c.roll {
            Some(roll) => {
                let _ = write!(line, "  {}", p.roll(roll));
                modifiers(&mut line, p, c.modifiers);
                let _ = write!(line, " = {}", p.total(c.initiative));
            }
            None => {
                let _ = write!(line, "  initiative {} {}", p.total(c.initiative), p.dim("(given)"));
            }
        }
        lines.push(line);
    }
    lines.extend(i.ties.iter().map(|t| moment_tie_line(t, beat, p)));
    let w = width(i.order.iter().map(|o| o.name));
    let total_width = i.order.iter().map(|o| o.total.to_string().len()).max().unwrap_or(0);
    for (k, place) in i.order.iter().enumerate() {
        let mut line = format!("{}. ", k + 1);
        pad(&mut line, p.name(place.name), w);
        let _ = write!(line, "  {:>total_width$}", p.total(place.total));
        if let Some(note) = place_note(place, beat, p) {
            let _ = write!(line, "  {note}");
        }
        lines.push(line);
    }
    lines.extend(i.rounds.iter().map(|r| round_line(r, beat, p)));
    lines
}

/// Who acts in round 1, in order, for `-q`: round 1's own order when it differs from the
/// standing one (the surprised and those who hold sit it out), or `none`.
fn round_one(i: &InitiativeOutcome) -> String {
    match i.rounds.iter().find(|r| r.round == 1) {
        Some(round) => quiet_list(round.order.iter().map(|t| t.name)),
        None => quiet_list(i.order.iter().map(|o| o.name)),
    }
}

impl Report for InitiativeOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &initiative_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&round_one(self));
    }

    fn opening(&self) -> Option<Opening> {
        Some(opening(self, |_| false))
    }
}

/// The standing order as a fight opens with it, each with its d10 and modifiers (which break
/// a tie of those who delay to the same moment); seed 003: the surprised enter from round 2,
/// WoD p. 151–152: after a dramatic failure, from round 3.
fn opening(initiative: &InitiativeOutcome, dramatic: impl Fn(&str) -> bool) -> Opening {
    let roller = |name: &str| initiative.combatants.iter().find(|c| c.name == name);
    let entries = initiative
        .order
        .iter()
        .map(|place| {
            let rolled = roller(place.name).and_then(|r| {
                let modifiers = r.modifiers.iter().map(|m| (i64::from(m.value), m.source.as_str()));
                rolled_words(r.roll.as_ref(), r.given, modifiers)
            });
            Entry { tie: Some(i64::from(place.modifier)), rolled, ..Entry::new(place.name, Some(place.total.into())) }
        })
        .collect();
    let absences = initiative
        .order
        .iter()
        .filter_map(|place| Some((place.name, place.enters_round.filter(|&r| r > 1)?)))
        .map(|(name, round)| {
            let reason = if dramatic(name) { "dramatic failure" } else { "surprised" };
            Absence::until(name, reason, round)
        })
        .collect();
    Opening { entries, absences, words: None, doc: None }
}

impl SurpriseLines for SurpriseOutcome<'_> {
    fn lines(&self, p: &Palette) -> Vec<String> {
        surprise_lines(self, p)
    }
}

impl<S: Surprised + SurpriseLines + Serialize> Report for EncounterOutcome<'_, S> {
    fn text(&self, p: &Palette, out: &mut String) {
        step(out, p, 1, "surprise", &self.surprise.lines(p));
        step(out, p, 2, "initiative", &initiative_lines(&self.initiative, p));
    }

    /// `surprised= order=`, the order that of round 1.
    fn headline(&self, out: &mut String) {
        let mut line = String::new();
        quiet_field(&mut line, "surprised", quiet_list(self.surprise.surprised().iter().copied()));
        quiet_field(&mut line, "order", round_one(&self.initiative));
        out.push_str(&line);
    }

    fn opening(&self) -> Option<Opening> {
        Some(opening(&self.initiative, |name| self.surprise.dramatic(name)))
    }
}
