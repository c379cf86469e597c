//! Text for the 5e2024 procedures, built from the family's pieces where they are the same.

use super::rules::*;
use crate::render::{Palette, Report, block, pad, quiet_field, quiet_list, step, width};
use crate::rulesets::family::fifth::Variant;
use crate::rulesets::family::fifth::text::{
    join_owned, label, lowest_note, names_of, opening_of, order_lines, perception_text, several, stealth_text,
};
use std::fmt::Write as _;

// ------------------------------------------------------------------------------------------
// Surprise

fn surprise_lines(s: &SurpriseOutcome, p: &Palette) -> Vec<String> {
    if s.verdict == Verdict::NobodyHides {
        return vec![format!("→ {}", p.good(crate::rulesets::family::fifth::NOBODY_HIDES))];
    }
    let mut lines = Vec::new();
    let labels: Vec<String> = s.creatures.iter().map(|c| label(c.name, c.count)).collect();
    let w = width(labels.iter().map(String::as_str).chain(s.hiders.iter().map(|h| h.stealth.name)));
    for h in &s.hiders {
        let mut line = String::new();
        pad(&mut line, p.name(h.stealth.name), w);
        let _ = write!(line, "  {}  ", stealth_text(&h.stealth, p));
        if h.hidden {
            let _ = write!(line, "{}", p.good(format_args!("hidden (DC {})", s.hide_dc)));
        } else {
            let _ = write!(line, "{}", p.warn(format_args!("not hidden: below DC {}", s.hide_dc)));
        }
        lines.push(line);
    }
    if s.verdict != Verdict::NotHidden {
        lines.extend(lowest_note(s.hiders.len(), s.lowest_stealth, p));
    }
    for (c, name) in s.creatures.iter().zip(&labels) {
        let mut line = String::new();
        pad(&mut line, p.name(name), w);
        line.push_str("  ");
        let per = c.passive_perception.unwrap_or(0);
        match (c.judged.reason, s.lowest_stealth) {
            (Reason::Hiding, _) => line.push_str(&p.dim(format_args!("hides with {}", c.side)).to_string()),
            (Reason::NotHidden, _) => {
                let _ = write!(line, "passive Perception {per}  {}", p.good("not surprised: a hider is seen"));
            }
            (_, stealth) => {
                let words = if c.judged.surprised { "surprised" } else { "noticed" };
                let verdict = p.surprise(c.side == s.party, c.judged.surprised, words);
                let _ = write!(line, "{}  {verdict}", perception_text(per, stealth.unwrap_or(0)));
            }
        }
        lines.push(line);
    }
    let surprised = names_of(s.creatures.iter().filter(|c| c.judged.surprised).map(|c| (c.name, c.count)));
    let verdict = match s.verdict {
        Verdict::NotHidden => {
            let seen: Vec<String> = s
                .hiders
                .iter()
                .filter(|h| !h.hidden)
                .map(|h| format!("{} (Stealth {})", h.stealth.name, h.stealth.stealth))
                .collect();
            format!(
                "not hidden, below the Hide DC {}: {}; the ambush is seen and nobody is surprised",
                s.hide_dc,
                p.good(join_owned(&seen))
            )
        }
        Verdict::NoneSurprised => p.good("nobody is surprised").to_string(),
        Verdict::NobodyHides => p.good(crate::rulesets::family::fifth::NOBODY_HIDES).to_string(),
        Verdict::Surprised => {
            let several = several(s.creatures.iter().filter(|c| c.judged.surprised).map(|c| c.count));
            let (is, rolls) = if several { ("are", "their Initiative rolls") } else { ("is", "its Initiative roll") };
            let party = s.creatures.iter().any(|c| c.judged.surprised && c.side == s.party);
            format!("{} {is} surprised: Disadvantage on {rolls}", p.surprise(party, true, join_owned(&surprised)))
        }
    };
    lines.push(format!("→ {verdict}"));
    lines
}

fn surprised_names<'a>(s: &SurpriseOutcome<'a>) -> Vec<&'a str> {
    s.creatures.iter().filter(|c| c.judged.surprised).map(|c| c.name).collect()
}

impl Report for SurpriseOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &surprise_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&quiet_list(surprised_names(self)));
    }
}

// ------------------------------------------------------------------------------------------
// Initiative

/// What the 2014 line does not say: surprise, an Alert swap.
fn note(place: &Place, variant: Variant, p: &Palette) -> String {
    let mut notes: Vec<String> = Vec::new();
    if place.place.surprised == Some(true) {
        let what = if place.place.given { "surprised" } else { "surprised: Disadvantage" };
        notes.push(p.bad(what).to_string());
    }
    if let Some(swap) = &place.swapped {
        // A score is not rolled: it is the total the creature had before the trade.
        let had = if variant == Variant::Score { "score" } else { "rolled" };
        notes.push(p.warn(format_args!("swapped with {} ({had} {})", swap.with, swap.rolled)).to_string());
    }
    notes.join("  ")
}

fn initiative_lines(i: &InitiativeOutcome, p: &Palette) -> Vec<String> {
    let order: Vec<&crate::rulesets::family::fifth::Place> = i.order.iter().map(|o| &o.place).collect();
    let notes: Vec<String> = i.order.iter().map(|o| note(o, i.variant, p)).collect();
    let mut lines = order_lines(&order, &notes, &i.ties, p, i.variant);
    if i.variant == Variant::Score {
        lines.push(p.dim("initiative score: 10 + modifier; Advantage +5, Disadvantage −5").to_string());
    }
    lines
}

impl crate::rulesets::family::fifth::chase::OrderLines for InitiativeOutcome<'_> {
    fn lines(&self, p: &Palette) -> Vec<String> {
        initiative_lines(self, p)
    }
}

fn variant_words(variant: Variant) -> &'static str {
    match variant {
        Variant::Score => "initiative score",
        _ => "Dexterity check: d20 + modifier",
    }
}

fn order_names<'a>(i: &InitiativeOutcome<'a>) -> Vec<&'a str> {
    i.order.iter().map(|o| o.place.name).collect()
}

impl Report for InitiativeOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        p.line(out, "  ", &p.dim(variant_words(self.variant)).to_string());
        block(out, p, &initiative_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&quiet_list(order_names(self)));
    }

    fn opening(&self) -> Option<crate::fight::Opening> {
        Some(opening_of(self.order.iter().map(|p| &p.place), Vec::new()))
    }
}

// ------------------------------------------------------------------------------------------
// Encounter

impl Report for EncounterOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        step(out, p, 1, "surprise", &surprise_lines(&self.surprise, p));
        let mut lines = vec![p.dim(variant_words(self.initiative.variant)).to_string()];
        lines.extend(initiative_lines(&self.initiative, p));
        let mut verdict = match self.first_to_act {
            Some(first) => format!("round 1: {} acts first", p.name(first)),
            None => "round 1: nobody acts".to_string(),
        };
        if self.surprise.creatures.iter().any(|c| c.judged.surprised) {
            verdict.push_str("; the surprised lose no turn");
        }
        lines.push(format!("→ {}", p.total(verdict)));
        step(out, p, 2, "initiative", &lines);
    }

    fn headline(&self, out: &mut String) {
        // The surprised lose no turn: the first round's order is the whole order.
        let mut line = String::new();
        quiet_field(&mut line, "surprised", quiet_list(surprised_names(&self.surprise)));
        quiet_field(&mut line, "order", quiet_list(order_names(&self.initiative)));
        out.push_str(&line);
    }

    /// SRD 5.2 "Surprise": a surprised creature has Disadvantage on its Initiative roll and
    /// loses no turn, so nobody is left out.
    fn opening(&self) -> Option<crate::fight::Opening> {
        Some(opening_of(self.initiative.order.iter().map(|p| &p.place), Vec::new()))
    }
}
