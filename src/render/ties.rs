//! How a tie was decided, in words: one line, the same for every ruleset.

use super::Palette;
use crate::order::Tie;
use crate::outcome::join;
use std::fmt::{Display, Write as _};

/// `tie at 9: Bob, then Ann, then Cy — higher Dex first; 1d20 roll-off: Ann: 4, Cy: 4; again Ann: 2, Cy: 17`
///
/// `heading` says what the tied share (`tie at 9`, `tie at Speed 5.5`). Each roll-off's first
/// round names its contenders; every later round, those still tied.
pub fn tie_line<T>(p: &Palette, heading: impl Display, tie: &Tie<T>) -> String {
    let mut line = format!("{heading}: {}", tie.names.join(", then "));
    let mut how: Vec<String> = tie.by.iter().map(|key| format!("higher {} first", key.words)).collect();
    for off in &tie.roll_offs {
        let mut text = format!("1d{} roll-off", off.sides);
        if off.rerolls.is_empty() {
            let _ = write!(text, " among {}", join(&off.names));
        }
        for (k, round) in off.rerolls.iter().enumerate() {
            text.push_str(if k == 0 { ": " } else { "; again " });
            for (i, (name, roll)) in round.names.iter().zip(&round.rolls).enumerate() {
                let _ = write!(text, "{}{name}: {}", if i == 0 { "" } else { ", " }, p.paint(p.die, roll));
            }
        }
        how.push(text);
    }
    if !how.is_empty() {
        let _ = write!(line, " — {}", how.join("; "));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::{KeyName, Reroll, RollOff};

    static DEX: KeyName = KeyName { id: "dex", words: "Dex" };

    fn reroll<'a>(names: &[&'a str], rolls: &[u32]) -> Reroll<'a> {
        Reroll { names: names.to_vec(), rolls: rolls.to_vec() }
    }

    #[test]
    fn keys_then_every_round_of_each_roll_off() {
        let tie = Tie {
            total: 15,
            names: vec!["Bob", "Cy", "Ann"],
            by: vec![&DEX],
            roll_offs: vec![RollOff {
                sides: 20,
                names: vec!["Ann", "Cy"],
                rerolls: vec![reroll(&["Ann", "Cy"], &[4, 4]), reroll(&["Ann", "Cy"], &[2, 17])],
            }],
        };
        assert_eq!(
            tie_line(&Palette::new(false), "tie at 15", &tie),
            "tie at 15: Bob, then Cy, then Ann — higher Dex first; 1d20 roll-off: Ann: 4, Cy: 4; again Ann: 2, Cy: 17"
        );
        let colour = tie_line(&Palette::new(true), "tie at 15", &tie);
        assert!(colour.contains("\u{1b}[33m17\u{1b}[0m"), "dice in the die colour: {colour:?}");
        let by_key_only = Tie { roll_offs: Vec::new(), ..tie };
        assert_eq!(
            tie_line(&Palette::new(false), "tie at 15", &by_key_only),
            "tie at 15: Bob, then Cy, then Ann — higher Dex first"
        );
    }
}
