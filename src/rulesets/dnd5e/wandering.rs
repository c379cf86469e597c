//! Random encounters (DMG 2014 p. 86, Checking for Random Encounters): a d20, an encounter on
//! 18 or higher, checked once an hour, every 4 to 8 hours, or once by day and once in a long rest.

use crate::rulesets::wandering::{Faces, WanderingInput};

/// DMG 2014 p. 86: 18-20 on a d20.
pub const CHANCE_IN_20: u32 = 3;
pub const FREQUENCY: &str = "hourly, every 4-8 hours, or by day and by night";

/// The check, with `--chance N` as N-in-20 (the N highest faces; clap holds N to 0-20).
pub fn wandering_input(chance: Option<u32>, checks: Option<u32>) -> WanderingInput {
    WanderingInput {
        place: "",
        terrain: None,
        sides: 20,
        chance: chance.unwrap_or(CHANCE_IN_20),
        faces: Faces::Highest,
        given: chance.is_some(),
        frequency: FREQUENCY,
        checks: checks.unwrap_or(1),
        counted: checks.is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::Prob;
    use crate::rulesets::Rule;

    #[test]
    fn eighteen_or_higher_on_a_d20() {
        let input = wandering_input(None, None);
        assert_eq!((1..=20).filter(|&f| input.meets(f)).collect::<Vec<_>>(), [18, 19, 20]);
        let odds = Rule::odds(&input, crate::odds::Fallback { seed: 1, trials: 10 });
        assert_eq!(odds.entries[1].prob, Prob::new(3, 20));
        let given = wandering_input(Some(5), Some(2));
        assert_eq!((given.chance, given.faces_text(), given.checks), (5, "16-20".to_string(), 2));
    }
}
