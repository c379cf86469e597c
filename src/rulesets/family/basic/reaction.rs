//! Reaction, ose's and bx's (seed 000, step 5): 2d6 plus the Charisma modifier, read off the
//! reaction table.

use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds, dist_of};
pub use crate::outcome::ReactionOutcome;
use crate::outcome::{Leaning, Modifier, sum};
use crate::rulesets::Rule;

#[derive(Clone, Debug, Default)]
pub struct ReactionInput {
    pub modifiers: Vec<Modifier>,
}

/// The Charisma modifier to reaction rolls (OSE): 3 −2 · 4–8 −1 · 9–12 0 · 13–17 +1 · 18 +2.
pub fn cha_modifier(score: i32) -> i32 {
    match score {
        ..=3 => -2,
        4..=8 => -1,
        9..=12 => 0,
        13..=17 => 1,
        _ => 2,
    }
}

/// The reaction table: ≤2 attacks · 3–5 hostile · 6–8 uncertain · 9–11 indifferent · ≥12 eager.
pub fn reaction_band(total: i32) -> (&'static str, &'static str) {
    match total {
        ..=2 => ("attacks", "Attacks"),
        3..=5 => ("hostile", "Hostile, may attack"),
        6..=8 => ("uncertain", "Uncertain, wary"),
        9..=11 => ("indifferent", "Indifferent, may negotiate"),
        _ => ("eager", "Eager, friendly"),
    }
}

pub const REACTION_BANDS: [&str; 5] = ["attacks", "hostile", "uncertain", "indifferent", "eager"];

impl Rule for ReactionInput {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let roll = dice.roll(2, 6);
        let total = roll.total as i32 + sum(&self.modifiers);
        let (band, result) = reaction_band(total);
        let leaning = match band_index(band) {
            0 | 1 => Leaning::Against,
            2 | 3 => Leaning::Undecided,
            _ => Leaning::For,
        };
        ReactionOutcome { roll, modifiers: &self.modifiers, total, result, band, leaning }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = reaction_dist(self, fallback, &mut method);
        odds.push(None, "reaction", &dist, method, |&i| describe_band(i));
        odds
    }
}

fn band_index(band: &str) -> usize {
    REACTION_BANDS.iter().position(|b| *b == band).unwrap_or(0)
}

pub(crate) fn reaction_dist(input: &ReactionInput, fallback: Fallback, method: &mut Method) -> Dist<usize> {
    dist_of(|d| band_index(Rule::roll(input, d).band), fallback, method)
}

pub(crate) fn describe_band(index: usize) -> (&'static str, String) {
    let band = REACTION_BANDS[index];
    let words = match index {
        0 => reaction_band(2).1,
        1 => reaction_band(3).1,
        2 => reaction_band(6).1,
        3 => reaction_band(9).1,
        _ => reaction_band(12).1,
    };
    (band, words.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::Prob;
    use crate::rulesets::family::basic::fixtures::fallback;

    #[test]
    fn cha_table_rows() {
        let expect =
            [(3, -2), (4, -1), (5, -1), (6, -1), (8, -1), (9, 0), (12, 0), (13, 1), (15, 1), (16, 1), (17, 1), (18, 2)];
        for (score, m) in expect {
            assert_eq!(cha_modifier(score), m, "CHA {score}");
        }
    }

    #[test]
    fn reaction_table_bands() {
        for (total, band) in [
            (-3, "attacks"),
            (2, "attacks"),
            (3, "hostile"),
            (5, "hostile"),
            (6, "uncertain"),
            (8, "uncertain"),
            (9, "indifferent"),
            (11, "indifferent"),
            (12, "eager"),
            (15, "eager"),
        ] {
            assert_eq!(reaction_band(total).0, band, "total {total}");
        }
    }

    #[test]
    fn reaction_odds_match_2d6() {
        let odds = Rule::odds(&ReactionInput::default(), fallback());
        // 2: 1/36; 3-5: 9/36; 6-8: 16/36; 9-11: 9/36; 12: 1/36.
        let probs: Vec<String> = odds.entries.iter().map(|e| e.prob.to_string()).collect();
        assert_eq!(probs, ["1/36", "1/4", "4/9", "1/4", "1/36"]);
        let plus_two = ReactionInput { modifiers: vec![Modifier::new(2, "CHA 18")] };
        let eager = Rule::odds(&plus_two, fallback()).entries.last().unwrap().prob.clone();
        assert_eq!(eager, Prob::new(6, 36)); // 10, 11 or 12 on 2d6
    }
}
