//! Text for the gurps procedures.

use super::{encounter::*, initiative::*, recovery::*, surprise::*};
use crate::cast::Hundredths;
use crate::fight::{self, Absence, Entry, Recovery};
use crate::order::Tie;
use crate::outcome::Modifier;
use crate::outcome::join;
use crate::render::ties::tie_line;
use crate::render::{
    Palette, Report, Signed, block, modifiers, pad, quiet_field, quiet_list, reaction_line, step, width, width_of,
};
use serde_json::Number;
use std::fmt::Write as _;

/// Pads already-styled `text` to `width` visible characters.
fn padded(text: &str, width: usize) -> String {
    let mut s = text.to_string();
    for _ in width_of(text)..width {
        s.push(' ');
    }
    s
}

/// `Signed` with a source, without colour: `+6 Combat Reflexes`.
fn plain(m: &Modifier) -> String {
    format!("{} {}", Signed(m.value), m.source)
}

/// Who rolls for the side and what counts: `Ansel leads (first listed): IQ 12, Combat Reflexes`.
fn leader_words(side: &SideSurprise) -> Option<String> {
    let leader = side.leader?;
    let mut words = match (&leader.name, leader.first_listed) {
        (Some(name), true) => format!("{name} leads (first listed): IQ {}", leader.iq),
        (Some(name), false) => format!("{name} leads: IQ {}", leader.iq),
        (None, _) => format!("leader: IQ {}", leader.iq),
    };
    if leader.cr {
        words.push_str(", Combat Reflexes");
    }
    if leader.tactics > 0 {
        let _ = write!(words, ", Tactics {}", leader.tactics);
    }
    Some(words)
}

/// The first side, the party's, whose view the text colours surprise from.
fn party<'a>(s: &SurpriseOutcome<'a>) -> &'a str {
    s.sides.first().map_or("", |x| x.name)
}

/// The leaders' rolls (partial) or the freeze (total), and the verdict.
fn opening_lines(s: &SurpriseOutcome, p: &Palette) -> Vec<String> {
    let party_surprised = s.sides.iter().any(|x| x.surprised && x.name == party(s));
    let mut lines = Vec::new();
    match s.kind {
        KindWord::Partial => {
            lines.push(p.dim("partial surprise: each side's leader rolls 1d for the initiative").to_string());
            let w = width(s.sides.iter().map(|x| x.name));
            let rolls: Vec<String> = s
                .sides
                .iter()
                .map(|side| {
                    let mut text = String::new();
                    if let Some(roll) = &side.roll {
                        let _ = write!(text, "{}", p.roll(roll));
                    }
                    if !side.modifiers.is_empty() {
                        modifiers(&mut text, p, &side.modifiers);
                    }
                    if let Some(total) = side.total {
                        let _ = write!(text, " = {}", p.total(total));
                    }
                    text
                })
                .collect();
            let roll_width = rolls.iter().map(|r| width_of(r)).max().unwrap_or(0);
            for (side, roll) in s.sides.iter().zip(&rolls) {
                let mut line = String::new();
                pad(&mut line, p.name(side.name), w);
                line.push_str("  ");
                match leader_words(side) {
                    Some(words) => {
                        line.push_str(&padded(roll, roll_width));
                        let _ = write!(line, "  {}", p.dim(words));
                    }
                    None => line.push_str(roll),
                }
                lines.push(line.trim_end().to_string());
            }
            let verdict = match s.winner.flatten() {
                Some(winner) => {
                    let loser = s.sides.iter().find(|x| x.surprised).map_or("", |x| x.name);
                    let act = crate::render::verb(&[winner], "acts", "act");
                    let words =
                        format!("initiative to {winner}, who {act} normally; everyone on {loser} is mentally stunned");
                    p.surprise(party_surprised, true, words).to_string()
                }
                None => {
                    let total = s.sides.first().and_then(|x| x.total).unwrap_or(0);
                    p.total(format_args!("tie at {total}: nobody is surprised")).to_string()
                }
            };
            lines.push(format!("→ {verdict}"));
        }
        KindWord::Total => {
            let attackers = s.attackers.unwrap_or("the attackers");
            let caught: Vec<&str> = s.sides.iter().filter(|x| x.surprised).map(|x| x.name).collect();
            lines.push(
                p.dim(format_args!("total surprise: {attackers} attack; {} caught completely unawares", join(&caught)))
                    .to_string(),
            );
            match s.freeze.flatten() {
                Some(freeze) => {
                    let turns = match freeze.seconds {
                        1 => "turn 1".to_string(),
                        n => format!("turns 1–{n}"),
                    };
                    lines.push(format!(
                        "freeze {}: the surprised without Combat Reflexes Do Nothing for {} ({turns})",
                        p.roll(&freeze.roll),
                        p.total(format_args!("{} s", freeze.seconds))
                    ));
                }
                None => lines.push(p.dim("nobody freezes: every surprised combatant has Combat Reflexes").to_string()),
            }
            let words = format!("{attackers} act normally");
            lines.push(format!("→ {}", p.surprise(party_surprised, true, words)));
        }
    }
    lines
}

/// How recovery works, in one line, for the rolls that follow.
fn recovery_rule(s: &SurpriseOutcome) -> &'static str {
    let stunned = s.combatants.iter().any(|c| c.shock == Some(Shock::Stunned));
    let frozen = s.combatants.iter().any(|c| c.shock == Some(Shock::Frozen));
    match (frozen, stunned) {
        (true, true) => {
            "after the freeze, an IQ roll at base IQ each turn; Combat Reflexes: from turn 1 at +6, +1 a turn after the first"
        }
        (true, false) => "after the freeze, an IQ roll at base IQ at the start of each turn",
        _ => "stunned: an IQ roll at the start of each turn, +1 on the 2nd turn, +2 on the 3rd…",
    }
}

/// Each surprised combatant's turns, and when it acts.
fn recovery_lines(s: &SurpriseOutcome, p: &Palette) -> Vec<String> {
    let surprised: Vec<&CombatantSurprise> = s.combatants.iter().filter(|c| c.surprised).collect();
    if surprised.is_empty() {
        return vec![p.dim("nobody is surprised: everyone acts from turn 1").to_string()];
    }
    let mut lines = vec![p.dim(recovery_rule(s)).to_string()];
    for c in surprised {
        // Coloured as the party takes it: its own stunned red, a foe's green; recovered, its
        // own green, a foe's plain.
        let party = c.side == party(s);
        let mut head = format!("{} ", p.name(c.name));
        let mut traits = format!("IQ {}", c.iq);
        if c.cr {
            traits.push_str(", Combat Reflexes");
            if c.shock == Some(Shock::Stunned) && s.kind == KindWord::Total {
                traits.push_str(": never freezes, partial surprise");
            }
        }
        let _ = write!(head, "{}: ", p.dim(format_args!("({traits})")));
        match c.acts_from_turn {
            Some(turn) => {
                let _ = write!(head, "{}", p.surprise(party, false, format_args!("acts from turn {turn}")));
            }
            None => {
                let _ = write!(
                    head,
                    "{}",
                    p.surprise(
                        party,
                        true,
                        format_args!("still stunned after {} — may miss the fight", turns(s.rounds))
                    )
                );
            }
        }
        lines.push(head);
        let mut rows: Vec<(String, String, String)> = Vec::new();
        if let Some(seconds) = c.frozen {
            let shown = seconds.min(s.rounds);
            let turns = if shown == 1 { "turn 1".to_string() } else { format!("turns 1–{shown}") };
            rows.push((turns, p.dim("frozen, Does Nothing").to_string(), String::new()));
        }
        for r in &c.recovery {
            let mut roll = format!("{} vs {}", p.roll(&r.check.roll), p.total(r.check.target));
            if !r.modifiers.is_empty() {
                let bonuses: Vec<String> = r.modifiers.iter().map(plain).collect();
                let _ = write!(roll, " {}", p.dim(format_args!("(IQ {} {})", c.iq, bonuses.join(" "))));
            }
            let words =
                if r.check.success { "succeeds, still Does Nothing this turn" } else { "fails, mentally stunned" };
            let mut verdict = p.surprise(party, !r.check.success, words).to_string();
            if r.check.automatic {
                let why = if r.check.success { " (3–4 always succeed)" } else { " (17–18 always fail)" };
                verdict.push_str(&p.dim(why).to_string());
            }
            rows.push((format!("turn {}", r.turn), roll, verdict));
        }
        let turn_width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
        let roll_width = rows.iter().filter(|r| !r.2.is_empty()).map(|r| width_of(&r.1)).max().unwrap_or(0);
        for (turn, roll, verdict) in rows {
            let mut line = format!("  {turn:<turn_width$}  ");
            if verdict.is_empty() {
                line.push_str(&roll);
            } else {
                let _ = write!(line, "{}  {verdict}", padded(&roll, roll_width));
            }
            lines.push(line);
        }
    }
    lines
}

impl Report for SurpriseOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &opening_lines(self, p));
        block(out, p, &recovery_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&surprised_combatants(self));
    }
}

/// The surprised combatants for `-q` (everyone on the side that lost the leaders' roll, or
/// the side caught by a total surprise), or `none`.
fn surprised_combatants(s: &SurpriseOutcome) -> String {
    quiet_list(s.combatants.iter().filter(|c| c.surprised).map(|c| c.name))
}

/// One line per place, with `extra` words after each (the stunned, in an encounter).
fn order_lines(order: &[Place], ties: &[Tie<Hundredths>], extra: &[String], p: &Palette) -> Vec<String> {
    let wn = width(order.iter().map(|o| o.name));
    let ws = width(order.iter().map(|o| o.side));
    let speeds: Vec<String> = order.iter().map(|o| o.total.to_string()).collect();
    let wsp = width(speeds.iter().map(String::as_str));
    let digits = order.len().to_string().len();
    let mut lines = Vec::new();
    for (k, place) in order.iter().enumerate() {
        let mut line = format!("{:>digits$}. ", place.place);
        pad(&mut line, p.name(place.name), wn);
        line.push_str("  ");
        pad(&mut line, p.dim(place.side), ws);
        let _ = write!(line, "  Speed {}  DX {:>2}", p.total(format_args!("{:<wsp$}", speeds[k])), place.dx);
        if ties.iter().flat_map(|t| &t.roll_offs).any(|off| off.names.contains(&place.name)) {
            let _ = write!(line, "  {}", p.dim("roll-off"));
        }
        if let Some(extra) = extra.get(k).filter(|e| !e.is_empty()) {
            let _ = write!(line, "  {extra}");
        }
        lines.push(line.trim_end().to_string());
    }
    lines.extend(ties.iter().map(|tie| tie_line(p, format_args!("tie at Speed {}", tie.total), tie)));
    if ties.iter().any(|t| !t.roll_offs.is_empty()) {
        lines.push(p.dim("the roll-off holds for the whole fight").to_string());
    }
    lines
}

impl Report for InitiativeOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &order_lines(&self.order, &self.ties, &[], p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&quiet_list(self.order.iter().map(|o| o.name)));
    }

    /// The turn order; no surprise, so nothing to say beside it.
    fn opening(&self) -> Option<fight::Opening> {
        Some(fight::Opening {
            entries: self.order.iter().map(entry).collect(),
            absences: Vec::new(),
            words: Some(Vec::new()),
            doc: None,
        })
    }
}

/// A place in the turn order as a fight keeps it: Basic Speed is its total.
fn entry(place: &Place) -> Entry {
    Entry::new(place.name, Number::from_f64(place.total.0 as f64 / 100.0))
}

/// seed 001: a surprised combatant rolls IQ at the start of each of its turns (after a freeze,
/// from the turn after it) until one succeeds; the tracker rolls each at its turn.
fn stunned(surprise: &SurpriseOutcome) -> Vec<Absence> {
    surprise
        .combatants
        .iter()
        .filter(|c| c.surprised)
        .filter_map(|c| {
            let shock = c.shock?;
            let stun = super::track::Stun { iq: c.iq, cr: c.cr, shock };
            let recovery = Recovery { first_turn: c.frozen.unwrap_or(0) + 1, own: stun.kept() };
            Some(Absence {
                name: c.name.to_string(),
                reason: shock.word().into(),
                from_round: None,
                recovery: Some(recovery),
            })
        })
        .collect()
}

/// The encounter's document without the recovery rolls it rolls ahead: a fight rolls each at
/// its turn, and its document holds only what happened.
fn without_recovery(encounter: &EncounterOutcome) -> serde_json::Value {
    let mut doc = serde_json::to_value(encounter).unwrap_or_default();
    let surprise = doc.get_mut("surprise").and_then(serde_json::Value::as_object_mut);
    if let Some(surprise) = surprise {
        surprise.remove("rounds");
        for c in surprise.get_mut("combatants").and_then(serde_json::Value::as_array_mut).into_iter().flatten() {
            if let Some(c) = c.as_object_mut() {
                c.remove("recovery");
                c.remove("acts_from_turn");
            }
        }
    }
    for place in doc.get_mut("order").and_then(serde_json::Value::as_array_mut).into_iter().flatten() {
        if let Some(place) = place.as_object_mut() {
            place.remove("acts_from_turn");
        }
    }
    doc
}

/// The surprise roll in words: the freeze of a total surprise, each leader's roll of a partial
/// one with its modifiers, and the winner (seed 001).
fn surprise_words(surprise: &SurpriseOutcome) -> Vec<String> {
    let plain = Palette::new(false);
    let mut words = Vec::new();
    match surprise.freeze {
        Some(Some(freeze)) => words.push(format!(
            "total surprise: the surprised without Combat Reflexes freeze {} = {} seconds",
            crate::fight::roll_words(&freeze.roll),
            freeze.seconds
        )),
        Some(None) => words.push("total surprise: everyone caught has Combat Reflexes, so nobody freezes".into()),
        None => {}
    }
    for side in &surprise.sides {
        let (Some(roll), Some(total)) = (side.roll, side.total) else { continue };
        let rolls = crate::render::agree(&[side.name], "rolls", "roll");
        let mut line = format!("partial surprise: {rolls} {}", crate::fight::roll_words(&roll));
        for m in &side.modifiers {
            let _ = write!(line, " {}", plain.modifier(m));
        }
        let _ = write!(line, " = {total}");
        words.push(line);
    }
    match surprise.winner {
        Some(Some(winner)) => words
            .push(format!("{} normally; the other side is stunned", crate::render::agree(&[winner], "acts", "act"))),
        Some(None) => words.push("a tie: nobody is surprised".into()),
        None => {}
    }
    words
}

impl Report for EncounterOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        step(out, p, 1, "surprise", &opening_lines(&self.surprise, p));
        step(out, p, 2, "recovery", &recovery_lines(&self.surprise, p));
        let places: Vec<Place> = self.order.iter().map(|o| o.place.clone()).collect();
        let extra: Vec<String> = self
            .order
            .iter()
            .map(|o| match (o.surprised, o.acts_from_turn) {
                (false, _) => String::new(),
                (true, Some(turn)) => p.warn(format_args!("surprised: acts from turn {turn}")).to_string(),
                (true, None) => {
                    p.bad(format_args!("surprised: still stunned after {}", turns(self.surprise.rounds))).to_string()
                }
            })
            .collect();
        step(out, p, 3, "turn order", &order_lines(&places, &self.ties, &extra, p));
        if let Some(reaction) = &self.reaction {
            step(out, p, 4, "reaction", &[reaction_line(reaction, p)]);
        }
    }

    /// The turn order with the stunned out of action until a recovery roll frees them; the
    /// encounter's own text rolls every recovery ahead, so the fight says the surprise in words.
    fn opening(&self) -> Option<fight::Opening> {
        let entries = self.order.iter().map(|o| entry(&o.place)).collect();
        let words = Some(surprise_words(&self.surprise));
        Some(fight::Opening { entries, absences: stunned(&self.surprise), words, doc: Some(without_recovery(self)) })
    }

    /// `surprised= winner=|freeze= acts_from= order= reaction=`: `order` leaves out the
    /// surprised, who do not act in turn 1; `acts_from` gives each one's turn (`-`: still
    /// stunned after the turns followed).
    fn headline(&self, out: &mut String) {
        let s = &self.surprise;
        let mut line = String::new();
        quiet_field(&mut line, "surprised", surprised_combatants(s));
        match s.kind {
            KindWord::Partial => quiet_field(&mut line, "winner", s.winner.flatten().unwrap_or("none")),
            KindWord::Total => quiet_field(&mut line, "freeze", s.freeze.flatten().map_or(0, |f| f.seconds)),
        }
        let turns: Vec<String> = s
            .combatants
            .iter()
            .filter(|c| c.surprised)
            .map(|c| format!("{}:{}", c.name, c.acts_from_turn.map_or("-".to_string(), |t| t.to_string())))
            .collect();
        quiet_field(&mut line, "acts_from", quiet_list(turns.iter().map(String::as_str)));
        quiet_field(&mut line, "order", quiet_list(self.order.iter().filter(|o| !o.surprised).map(|o| o.place.name)));
        if let Some(r) = &self.reaction {
            quiet_field(&mut line, "reaction", r.total);
        }
        out.push_str(&line);
    }
}
