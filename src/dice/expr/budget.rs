//! The one budget on the dice an expression rolls: every die drawn counts, rerolls and
//! explosions included. An expression whose dice would on average pass [`MAX_ROLLED`] is
//! refused before a die is rolled; one that passes it by chance stops rerolling and exploding
//! there (see [`super::roll::Roller`]), as a single die does at its own caps.

use super::parse::{Faces, Node, Term, matching};
use super::{MAX_EXPLOSIONS, MAX_REROLLS};

/// Most dice one roll of an expression draws, every reroll and explosion counted (and every
/// repetition of `NxEXPR`).
pub const MAX_ROLLED: u64 = 1_000_000;

/// The dice one roll of `node` draws on average.
pub fn expected_dice(node: &Node) -> f64 {
    match node {
        Node::Const(_) => 0.0,
        Node::Neg(a) | Node::Label(a, _) => expected_dice(a),
        Node::Bin(_, a, b) => expected_dice(a) + expected_dice(b),
        Node::Dice(t) => f64::from(t.count) * per_die(t),
        Node::Group(g) => g.items.iter().map(expected_dice).sum(),
    }
}

/// Dice drawn per die of a term on average, rerolls and explosions counted, each chain to its cap.
pub fn per_die(t: &Term) -> f64 {
    let x = f64::from(t.faces.count());
    let rerolled = t.reroll.as_ref().map_or(0.0, |r| t.faces.matching(&r.on) as f64);
    let rolls = match &t.reroll {
        None => 1.0,
        Some(r) if r.once => 1.0 + rerolled / x,
        // A die rerolled MAX_REROLLS times is then drawn once more, from the faces that stay.
        Some(_) => (x / (x - rerolled)).min(f64::from(MAX_REROLLS) + 1.0),
    };
    let chain = match t.explode {
        None => 1.0,
        Some(e) => {
            // The chance the face that stands explodes: the rerolls leave some faces out.
            let exploding = t.faces.matching(&[e.on]) as f64;
            let both = match (&t.reroll, e.on.interval(t.faces.low(), t.faces.high())) {
                (Some(r), Some((a, b))) if t.faces != Faces::D66 => matching(a, b, &r.on) as f64,
                (Some(r), Some(_)) => t.faces.values().filter(|&v| e.on.matches(v) && r.matches(v)).count() as f64,
                _ => 0.0,
            };
            let q = match &t.reroll {
                None => exploding / x,
                Some(r) if r.once => (exploding - both) / x + rerolled / x * exploding / x,
                Some(_) => (exploding - both) / (x - rerolled),
            };
            if q >= 1.0 {
                f64::from(MAX_EXPLOSIONS) + 1.0
            } else {
                (1.0 / (1.0 - q)).min(f64::from(MAX_EXPLOSIONS) + 1.0)
            }
        }
    };
    // A d66 is two d6.
    let drawn = if t.faces == Faces::D66 { 2.0 } else { 1.0 };
    rolls * chain * drawn
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::expr as parse;

    fn expected(text: &str) -> f64 {
        expected_dice(&parse::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}")))
    }

    #[test]
    fn the_budget_counts_rerolls_and_explosions_as_they_fall() {
        assert_eq!(expected("3d6+2d4"), 5.0);
        assert!((expected("d6!") - 1.2).abs() < 1e-9);
        assert!((expected("d6r1") - 1.2).abs() < 1e-9);
        assert!((expected("d6ro1") - (1.0 + 1.0 / 6.0)).abs() < 1e-9);
        assert_eq!(expected("d66"), 2.0);
        // Rerolled until 100 shows, and 100 always explodes: each die a chain to the cap.
        assert!((expected("d100r<99!>99") - 100.0 * 101.0).abs() < 1e-6);
        assert!(parse::parse("10000d100r<99!>=99").is_err());
        // A million faces rerolled on all but one: 101 draws a die.
        assert!((expected("d1000000r<999999") - 101.0).abs() < 1e-6);
        assert!(parse::parse("9900d1000000r<999999").is_ok());
        assert!(parse::parse("10000d1000000r<999999").is_err());
    }
}
