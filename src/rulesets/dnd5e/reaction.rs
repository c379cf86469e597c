//! Reaction (DMG 2014, Social Interaction, pp. 244-245): the creature's starting attitude
//! (friendly, indifferent, hostile), a Charisma check, and the Conversation Reaction table: what
//! the creature does at DC 0, 10 and 20 of its attitude's row.

use crate::dice::Dice;
use crate::odds::{Fallback, Method, Odds, dist_of};
use crate::outcome::{Leaning, Modifier};
use crate::render::{Palette, Report, block};
use crate::rulesets::Rule;
use crate::rulesets::family::fifth::check::{D20Test, roll_test};
use crate::rulesets::family::fifth::creature::RollMode;
use crate::rulesets::family::fifth::flags::{Attitude, attitude_word};
use serde::Serialize;
use std::fmt::Write as _;

/// What the creature will do, the cells of the Conversation Reaction table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Response {
    Opposes,
    NoHelpNoHarm,
    HelpsWithoutRisk,
    MinorRisk,
    SignificantRisk,
}

/// Its words, as `--odds` lists them.
impl std::fmt::Display for Response {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words())
    }
}

impl Response {
    pub fn words(self) -> &'static str {
        match self {
            Response::Opposes => "Opposes you, may take risks to",
            Response::NoHelpNoHarm => "No help, but no harm",
            Response::HelpsWithoutRisk => "Does as asked, at no risk",
            Response::MinorRisk => "Does as asked, at a minor risk",
            Response::SignificantRisk => "Does as asked, at a great risk",
        }
    }
}

/// DMG 2014 p. 245, Conversation Reaction: each attitude's row at DC 0, DC 10 and DC 20.
pub fn table_row(attitude: Attitude) -> [Response; 3] {
    match attitude {
        Attitude::Friendly => [Response::HelpsWithoutRisk, Response::MinorRisk, Response::SignificantRisk],
        Attitude::Indifferent => [Response::NoHelpNoHarm, Response::HelpsWithoutRisk, Response::MinorRisk],
        Attitude::Hostile => [Response::Opposes, Response::NoHelpNoHarm, Response::HelpsWithoutRisk],
    }
}

/// The DCs of the table's columns (a total under 10 reaches only DC 0's).
pub const DCS: [i32; 3] = [0, 10, 20];

/// The highest DC a check total reaches.
pub fn dc_reached(total: i32) -> i32 {
    DCS.iter().copied().filter(|&dc| total >= dc).max().unwrap_or(0)
}

#[derive(Clone, Debug)]
pub struct ReactionInput {
    pub attitude: Attitude,
    pub modifiers: Vec<Modifier>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReactionOutcome<'a> {
    pub attitude: &'static str,
    #[serde(flatten)]
    pub check: D20Test<'a>,
    /// The highest DC of the table the total reaches.
    pub dc: i32,
    /// The table's words.
    pub result: &'static str,
    pub band: Response,
}

impl Rule for ReactionInput {
    type Outcome<'a> = ReactionOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> ReactionOutcome<'a> {
        let check = roll_test(RollMode::Normal, &self.modifiers, dice);
        let dc = dc_reached(check.total);
        let band = table_row(self.attitude)[DCS.iter().position(|&d| d == dc).unwrap_or(0)];
        ReactionOutcome { attitude: attitude_word(self.attitude), check, dc, result: band.words(), band }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        let mut method = Method::exact(fallback);
        let dist = dist_of(|d| Rule::roll(self, d).band, fallback, &mut method);
        let title = format!("reaction of a {} creature", attitude_word(self.attitude));
        odds.push_shown(None, title, &dist, method, |&b| b);
        odds
    }
}

impl Report for ReactionOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        let mut line = format!("{}: Charisma check {}", self.attitude, self.check.text(p));
        let leaning = match self.band {
            Response::Opposes => Leaning::Against,
            Response::NoHelpNoHarm => Leaning::Undecided,
            _ => Leaning::For,
        };
        let _ = write!(line, ", DC {} reached → {}", self.dc, p.leaning(leaning, self.result));
        block(out, p, &[line]);
    }

    fn headline(&self, out: &mut String) {
        let _ = write!(out, "{}", self.check.total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::Prob;

    fn fallback() -> Fallback {
        Fallback { seed: 1, trials: 1000 }
    }

    #[test]
    fn every_cell_of_the_table() {
        let cells = [
            (
                Attitude::Friendly,
                [(5, Response::HelpsWithoutRisk), (10, Response::MinorRisk), (20, Response::SignificantRisk)],
            ),
            (
                Attitude::Indifferent,
                [(9, Response::NoHelpNoHarm), (19, Response::HelpsWithoutRisk), (25, Response::MinorRisk)],
            ),
            (
                Attitude::Hostile,
                [(-2, Response::Opposes), (10, Response::NoHelpNoHarm), (20, Response::HelpsWithoutRisk)],
            ),
        ];
        for (attitude, row) in cells {
            for (total, response) in row {
                let column = DCS.iter().position(|&d| d == dc_reached(total)).unwrap();
                assert_eq!(table_row(attitude)[column], response, "{attitude:?} {total}");
            }
        }
    }

    #[test]
    fn odds_of_each_column() {
        // d20 + 0: 1-9 DC 0 (9/20), 10-19 DC 10 (1/2), 20 DC 20 (1/20).
        let input = ReactionInput { attitude: Attitude::Hostile, modifiers: vec![] };
        let probs: Vec<Prob> = Rule::odds(&input, fallback()).entries.iter().map(|e| e.prob.clone()).collect();
        assert_eq!(probs, [Prob::new(9, 20), Prob::new(1, 2), Prob::new(1, 20)]);
        let charming = ReactionInput { attitude: Attitude::Friendly, modifiers: vec![Modifier::new(5, "CHA")] };
        let odds = Rule::odds(&charming, fallback());
        // 15 or more on the d20 reaches DC 20.
        assert_eq!(odds.entries.last().unwrap().prob, Prob::new(6, 20));
    }
}
