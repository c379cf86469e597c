//! Text for the cofd procedures: the contested surprise roll here; initiative as in wod.

use super::surprise::*;
use crate::outcome::join;
use crate::render::{Palette, Report, Signed, block, pad, quiet_list, width, width_of};
use crate::rulesets::family::storyteller::pool::pool_text;
use crate::rulesets::family::storyteller::surprise::SurpriseLines;
use crate::rulesets::family::storyteller::text::check_text;
use crate::rulesets::family::storyteller::{Stance, dice_words};
use std::fmt::Write as _;

/// `Dexterity 3 + Stealth 0 -1 untrained = 2 dice`
fn stealth_text(s: &Stealth, p: &Palette) -> String {
    let mut text = format!("Dexterity {} + Stealth {}", s.dex, s.stealth);
    if s.untrained != 0 {
        let _ = write!(text, " {} untrained", p.total(Signed(s.untrained)));
    }
    if s.modifier != 0 {
        let _ = write!(text, " {} mod", p.total(Signed(s.modifier)));
    }
    let _ = write!(text, " = {}", dice_words(s.dice));
    text
}

fn surprise_lines(s: &SurpriseOutcome, p: &Palette) -> Vec<String> {
    let name_width = width(s.combatants.iter().map(|c| c.name));
    let checks: Vec<Option<String>> = s.combatants.iter().map(|c| c.check.as_ref().map(|k| check_text(k, p))).collect();
    let check_width = checks.iter().flatten().map(|t| width_of(t)).max().unwrap_or(0);
    let against: Vec<Option<String>> =
        s.combatants.iter().map(|c| c.against.as_ref().map(|a| pool_text(p, a).to_string())).collect();
    let against_width = against.iter().flatten().map(|t| width_of(t)).max().unwrap_or(0);
    let mut lines = Vec::new();
    for ((c, check), against) in s.combatants.iter().zip(&checks).zip(&against) {
        let mut line = String::new();
        pad(&mut line, p.name(c.name), name_width);
        line.push_str("  ");
        match (c.stance, check, against, c.stealth) {
            (Stance::Rolls, Some(check), Some(against), _) => {
                pad(&mut line, check, check_width);
                line.push_str("  against ");
                pad(&mut line, against, against_width);
                let words = match (c.surprised, c.tie) {
                    (true, _) => "surprised",
                    (false, true) => "tie: not surprised",
                    (false, false) => "not surprised",
                };
                // Coloured as the party (the first side) takes it.
                let _ = write!(line, "  {}", p.surprise(c.party, c.surprised, words));
            }
            (Stance::Ambusher, _, _, Some(stealth)) => {
                let _ = write!(line, "{}", p.dim(format_args!("lies in wait: {}", stealth_text(stealth, p))));
                if s.ambush.as_ref().is_some_and(|a| a.name == c.name) {
                    let _ = write!(line, "{}", p.dim(", the ambush rolled against each roll"));
                }
            }
            _ => line.push_str(&p.dim("expects the attack: cannot be surprised").to_string()),
        }
        lines.push(line);
    }
    let verdict = if s.combatants.iter().all(|c| c.check.is_none()) {
        p.total("nobody can be surprised: everyone acts from turn 1").to_string()
    } else if s.surprised.is_empty() {
        p.total("nobody is surprised: everyone acts from turn 1").to_string()
    } else {
        let words = format!(
            "{} surprised: cannot act in turn 1 and has no Defense in it; initiative from turn 2",
            join(&s.surprised)
        );
        // Red when the party (the first side) has one surprised, green when only its foes do.
        p.surprise(s.combatants.iter().any(|c| c.surprised && c.party), true, words).to_string()
    };
    lines.push(format!("→ {verdict}"));
    lines
}

impl SurpriseLines for SurpriseOutcome<'_> {
    fn lines(&self, p: &Palette) -> Vec<String> {
        surprise_lines(self, p)
    }
}

impl Report for SurpriseOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &surprise_lines(self, p));
    }

    fn headline(&self, out: &mut String) {
        out.push_str(&quiet_list(self.surprised.iter().copied()));
    }
}
