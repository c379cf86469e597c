//! The one budget on the dice an expression rolls: every die drawn counts, rerolls and
//! explosions included. An expression whose dice would on average pass [`MAX_ROLLED`] is
//! refused before a die is rolled; one that passes it by chance stops rerolling and exploding
//! there (see [`super::roll::Roller`]), as a single die does at its own caps.

use super::parse::{Faces, Node, Term};
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
    let rolls = match &t.reroll {
        None => 1.0,
        Some(r) => {
            let q = t.faces.matching(&r.on) as f64 / x;
            // A die rerolled MAX_REROLLS times is then drawn once more, from the faces that stay.
            if r.once { 1.0 + q } else { (1.0 / (1.0 - q)).min(f64::from(MAX_REROLLS) + 1.0) }
        }
    };
    let chain = match t.explode {
        None => 1.0,
        Some(e) => {
            let q = t.faces.matching(&[e.on]) as f64 / x;
            (1.0 / (1.0 - q)).min(f64::from(MAX_EXPLOSIONS) + 1.0)
        }
    };
    // A d66 is two d6.
    let drawn = if t.faces == Faces::D66 { 2.0 } else { 1.0 };
    rolls * chain * drawn
}
