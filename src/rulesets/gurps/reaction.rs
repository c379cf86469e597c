//! Reaction (Basic Set): 3d6 plus modifiers, read off the reaction table.

use crate::dice::Dice;
use crate::odds::{Fallback, Method, Odds, dist_of};
pub use crate::outcome::ReactionOutcome;
use crate::outcome::{Leaning, Modifier, sum};
use crate::rulesets::Rule;

#[derive(Clone, Debug, Default)]
pub struct ReactionInput {
    pub modifiers: Vec<Modifier>,
}

/// Basic Set reaction table: (band, words), worst first.
pub const REACTION_TABLE: [(&str, &str); 8] = [
    ("disastrous", "Disastrous"),
    ("very_bad", "Very Bad"),
    ("bad", "Bad"),
    ("poor", "Poor"),
    ("neutral", "Neutral"),
    ("good", "Good"),
    ("very_good", "Very Good"),
    ("excellent", "Excellent"),
];

/// The row of the reaction table for `total`: ≤0 · 1–3 · 4–6 · 7–9 · 10–12 · 13–15 · 16–18 · ≥19.
pub fn reaction_row(total: i32) -> usize {
    match total {
        ..=0 => 0,
        1..=18 => ((total + 2) / 3) as usize,
        _ => 7,
    }
}

impl Rule for ReactionInput {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = dice.roll(3, 6);
        let total = roll.total as i32 + sum(&self.modifiers);
        let row = reaction_row(total);
        let (band, result) = REACTION_TABLE[row];
        // Disastrous to Bad lean against the party, Poor and Neutral are undecided, Good and up for.
        let leaning = match row {
            0..=2 => Leaning::Against,
            3 | 4 => Leaning::Undecided,
            _ => Leaning::For,
        };
        ReactionOutcome { roll, modifiers: &self.modifiers, total, result, band, leaning }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_reaction_odds(self, fallback, None, &mut odds);
        odds
    }
}

pub(super) fn push_reaction_odds(input: &ReactionInput, fallback: Fallback, part: Option<&str>, odds: &mut Odds) {
    let mut method = Method::exact(fallback);
    let dist = dist_of(|d| reaction_row(Rule::roll(input, d).total), fallback, &mut method);
    odds.push(part, "reaction", &dist, method, |&row| {
        let (band, words) = REACTION_TABLE[row];
        (band, words.to_string())
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::gurps::fixtures::fallback;

    #[test]
    fn reaction_table_rows() {
        for (total, words) in [
            (-4, "Disastrous"),
            (0, "Disastrous"),
            (1, "Very Bad"),
            (3, "Very Bad"),
            (4, "Bad"),
            (6, "Bad"),
            (7, "Poor"),
            (9, "Poor"),
            (10, "Neutral"),
            (12, "Neutral"),
            (13, "Good"),
            (15, "Good"),
            (16, "Very Good"),
            (18, "Very Good"),
            (19, "Excellent"),
            (40, "Excellent"),
        ] {
            assert_eq!(REACTION_TABLE[reaction_row(total)].1, words, "total {total}");
        }
    }

    #[test]
    fn reaction_odds_of_3d6() {
        let odds = Rule::odds(&ReactionInput::default(), fallback());
        let got: Vec<String> = odds.entries.iter().map(|e| format!("{} {}", e.label, e.prob)).collect();
        // Very Bad 3: 1; Bad 4–6: 3+6+10 = 19; Poor 7–9: 15+21+25 = 61; Neutral 10–12: 27+27+25 = 79;
        // Good 13–15: 21+15+10 = 46; Very Good 16–18: 6+3+1 = 10.
        assert_eq!(
            got,
            ["Very Bad 1/216", "Bad 19/216", "Poor 61/216", "Neutral 79/216", "Good 23/108", "Very Good 5/108"]
        );
        let up = ReactionInput { modifiers: vec![Modifier::new(3, "situational")] };
        assert_eq!(Rule::odds(&up, fallback()).entries.last().unwrap().label, "Excellent");
    }
}
