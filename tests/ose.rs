//! Tests of the ose ruleset, end to end through the binary.

use crate::common::*;

#[test]
fn surprise_odds_are_the_ninths() {
    let entries = odds(&["surprise"]);
    let fractions: Vec<&str> = entries.iter().map(|e| e.3.as_deref().unwrap()).collect();
    assert_eq!(fractions, ["4/9", "2/9", "2/9", "1/9"]);
}
