//! Dice: the interface every rule rolls through, and its seeded random implementation.
//!
//! Rules never touch a random number generator. They ask a [`Dice`] for a handful of
//! primitives (a roll of N dice, a roll-off among tied contenders, a [`Draw`] a ruleset
//! defines on fair dice, such as the Storytelling pool of wod and cofd) and decide on what
//! comes back. Two implementations exist: [`SeededDice`] rolls
//! them, and the enumerator in [`crate::odds`] walks every result of each primitive with
//! its exact probability, so a rule's roll and its odds come from the same code.
//!
//! The contract that makes the enumeration exact: a rule decides on a [`Roll`]'s `total`,
//! a [`RollOff`]'s `order` and what a [`Draw`]'s `chances` tell apart only. The individual
//! faces are for display; the enumerator fills them with one representative arrangement.

pub mod expr;

use crate::prob::Prob;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use std::fmt;

/// What a ruleset's players roll against a number (`fray roll EXPR vs N`), as each ruleset
/// declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Versus {
    /// A d20 and its modifiers reaching the number, a natural 20 always hitting and a natural 1
    /// always missing (an attack or a check).
    D20,
    /// 3d6 at or under the number (a success roll), with criticals.
    Under3d6,
    /// Dice pools that count successes: no single number to roll against.
    Pool,
}

/// Most dice any single [`Roll`] holds; rules roll at most 8 dice at once (6d6, 4d10…).
pub const MAX_ROLL_DICE: usize = 8;

/// The primitives a rule may roll.
pub trait Dice {
    /// `count` dice with `sides` faces each (`count` ≤ [`MAX_ROLL_DICE`]).
    fn roll(&mut self, count: u32, sides: u32) -> Roll;

    /// A roll-off among `contenders` tied parties, each rolling one `sides`-sided die and
    /// re-rolling among those still tied until every place is settled.
    fn roll_off(&mut self, contenders: usize, sides: u32) -> RollOff;

    /// A draw a ruleset defines: rolled die by die, or taken to one of its results.
    fn draw(&mut self, draw: &mut dyn Draw);
}

/// A draw a ruleset defines on top of fair dice (the Storytelling pool, say): rolled die by die
/// when seeded, and when enumerated taken to each of its distinct results in turn with its
/// exact chance, so that a rule's roll and its odds still come from one piece of code.
pub trait Draw {
    /// Names the draw's distribution: draws with one key have the same chances, which the
    /// enumerator works out once.
    fn key(&self) -> (&'static str, i64);
    /// The chance of each distinct result a rule can tell apart, in order.
    fn chances(&self) -> Vec<Prob>;
    /// Becomes a representative of its `k`-th result.
    fn take(&mut self, k: usize);
    /// Rolls it, one fair die at a time: `die(sides)` is 1..=sides.
    fn roll(&mut self, die: &mut dyn FnMut(u32) -> u32);
}

/// `count`d`sides`: the faces rolled and their sum.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Roll {
    count: u8,
    sides: u8,
    faces: [u8; MAX_ROLL_DICE],
    pub total: u32,
}

impl Roll {
    pub fn new(sides: u32, faces: &[u32]) -> Roll {
        debug_assert!(faces.len() <= MAX_ROLL_DICE && sides <= 255);
        let mut stored = [0u8; MAX_ROLL_DICE];
        let mut total = 0;
        for (slot, &face) in stored.iter_mut().zip(faces) {
            *slot = face as u8;
            total += face;
        }
        Roll { count: faces.len().min(MAX_ROLL_DICE) as u8, sides: sides as u8, faces: stored, total }
    }

    pub fn count(&self) -> u32 {
        u32::from(self.count)
    }

    pub fn sides(&self) -> u32 {
        u32::from(self.sides)
    }

    pub fn faces(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.faces[..usize::from(self.count)].iter().map(|&f| u32::from(f))
    }

    /// The dice notation, e.g. `2d6`.
    pub fn notation(&self) -> DiceNotation {
        DiceNotation { count: self.count(), sides: self.sides() }
    }
}

impl fmt::Debug for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (", self.notation())?;
        for (i, face) in self.faces().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{face}")?;
        }
        write!(f, ") = {}", self.total)
    }
}

/// `2d6`, `1d20`: how a roll is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DiceNotation {
    pub count: u32,
    pub sides: u32,
}

impl fmt::Display for DiceNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

impl DiceNotation {
    /// The notation of the dice rules roll, without formatting (it is written for every roll).
    fn common(&self) -> Option<&'static str> {
        Some(match (self.count, self.sides) {
            (1, 4) => "1d4",
            (1, 6) => "1d6",
            (2, 6) => "2d6",
            (3, 6) => "3d6",
            (1, 10) => "1d10",
            (1, 20) => "1d20",
            (2, 20) => "2d20",
            _ => return None,
        })
    }
}

impl Serialize for DiceNotation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.common() {
            Some(text) => s.serialize_str(text),
            None => s.collect_str(self),
        }
    }
}

struct Faces<'a>(&'a [u8]);

impl Serialize for Faces<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for face in self.0 {
            seq.serialize_element(face)?;
        }
        seq.end()
    }
}

impl Serialize for Roll {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Roll", 3)?;
        st.serialize_field("dice", &self.notation())?;
        st.serialize_field("rolls", &Faces(&self.faces[..usize::from(self.count)]))?;
        st.serialize_field("total", &self.total)?;
        st.end()
    }
}

/// One round of a roll-off: who rolled (indices into the contenders) and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollOffRound {
    pub who: Vec<usize>,
    pub rolls: Vec<u32>,
}

/// The result of a roll-off: every round rolled and the settled order, first place first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollOff {
    pub sides: u32,
    pub rounds: Vec<RollOffRound>,
    pub order: Vec<usize>,
}

/// One fair die, 1..=sides, from a source of uniform 32-bit words, by rejection sampling:
/// words at or past the largest multiple of `sides` below 2^32 are drawn again, so every
/// face is exactly equally likely (no modulo bias).
pub fn fair_die(sides: u32, mut word: impl FnMut() -> u32) -> u32 {
    let sides = u64::from(sides.max(1));
    let zone = (1u64 << 32) / sides * sides;
    loop {
        let w = u64::from(word());
        if w < zone {
            return (w % sides) as u32 + 1;
        }
    }
}

/// Dice rolled from a ChaCha8 stream: the same seed gives the same faces on every platform
/// and in every version, because the die function below is ours, not a library's.
pub struct SeededDice {
    rng: ChaCha8Rng,
}

impl SeededDice {
    pub fn new(seed: u64) -> SeededDice {
        SeededDice { rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// One fair die, 1..=sides.
    pub fn die(&mut self, sides: u32) -> u32 {
        fair_die(sides, || self.rng.next_u32())
    }
}

impl Dice for SeededDice {
    fn roll(&mut self, count: u32, sides: u32) -> Roll {
        let count = (count as usize).min(MAX_ROLL_DICE);
        let mut faces = [0u32; MAX_ROLL_DICE];
        for face in &mut faces[..count] {
            *face = self.die(sides);
        }
        Roll::new(sides, &faces[..count])
    }

    fn roll_off(&mut self, contenders: usize, sides: u32) -> RollOff {
        let mut rounds = Vec::new();
        let mut order = Vec::with_capacity(contenders);
        // Groups still tied, settled from the top place down.
        let mut stack: Vec<Vec<usize>> = vec![(0..contenders).rev().collect()];
        while let Some(group) = stack.pop() {
            if group.len() == 1 {
                order.push(group[0]);
                continue;
            }
            let mut group = group;
            group.sort_unstable();
            let rolls: Vec<u32> = group.iter().map(|_| self.die(sides)).collect();
            let mut by_face: Vec<(u32, usize)> = rolls.iter().copied().zip(group.iter().copied()).collect();
            // Highest face first; within a face keep contender order so sub-groups are stable.
            by_face.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            rounds.push(RollOffRound { who: group, rolls });
            let mut places: Vec<(u32, Vec<usize>)> = Vec::new();
            for (face, who) in by_face {
                match places.last_mut() {
                    Some((place_face, place)) if *place_face == face => place.push(who),
                    _ => places.push((face, vec![who])),
                }
            }
            // Push lower places first so the highest place is settled next.
            for (_, place) in places.into_iter().rev() {
                stack.push(place);
            }
        }
        RollOff { sides, rounds, order }
    }

    fn draw(&mut self, draw: &mut dyn Draw) {
        draw.roll(&mut |sides| self.die(sides));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejection_sampling_redraws_the_biased_tail() {
        // For d6 the zone ends at 4294967292 = 6 * 715827882: the top four words are redrawn.
        let mut words = [u32::MAX, 4294967292, 4294967291, 7].into_iter();
        assert_eq!(fair_die(6, || words.next().unwrap()), 6); // 4294967291 % 6 = 5
        let mut words = [0, 5, 6].into_iter();
        assert_eq!(fair_die(6, || words.next().unwrap()), 1);
        assert_eq!(fair_die(6, || words.next().unwrap()), 6);
        assert_eq!(fair_die(6, || words.next().unwrap()), 1);
        // A power of two never redraws.
        assert_eq!(fair_die(8, || u32::MAX), 8);
    }

    /// The faces a seed gives are part of fray's interface: `--seed` must replay old results.
    /// If this test fails, the generator or the die function changed its draws.
    #[test]
    fn seeded_faces_are_pinned() {
        let mut dice = SeededDice::new(42);
        let d6: Vec<u32> = (0..12).map(|_| dice.die(6)).collect();
        let d20: Vec<u32> = (0..6).map(|_| dice.die(20)).collect();
        assert_eq!(d6, PINNED_D6_SEED_42);
        assert_eq!(d20, PINNED_D20_AFTER);
        let mut zero = SeededDice::new(0);
        let d10: Vec<u32> = (0..8).map(|_| zero.die(10)).collect();
        assert_eq!(d10, PINNED_D10_SEED_0);
    }

    const PINNED_D6_SEED_42: [u32; 12] = [4, 4, 5, 1, 3, 3, 5, 4, 1, 3, 3, 4];
    const PINNED_D20_AFTER: [u32; 6] = [5, 10, 13, 6, 9, 11];
    const PINNED_D10_SEED_0: [u32; 8] = [9, 10, 10, 10, 7, 3, 9, 9];

    #[test]
    fn notation_is_written_alike_either_way() {
        for count in 1..=4 {
            for sides in [4, 6, 8, 10, 12, 20] {
                let notation = DiceNotation { count, sides };
                let json = serde_json::to_string(&notation).unwrap();
                assert_eq!(json, format!("\"{notation}\""));
            }
        }
    }

    /// The chi-square critical value at significance 0.001 (Wilson–Hilferty).
    fn critical(df: usize) -> f64 {
        let k = df as f64;
        let t = 1.0 - 2.0 / (9.0 * k) + 3.090 * (2.0 / (9.0 * k)).sqrt();
        k * t * t * t
    }

    #[test]
    fn every_die_size_is_uniform() {
        for (seed, sides) in [(4u64, 4u32), (6, 6), (8, 8), (10, 10), (12, 12), (20, 20), (100, 100)] {
            let mut dice = SeededDice::new(seed);
            let n = 2000 * sides as usize;
            let mut counts = vec![0u64; sides as usize];
            for _ in 0..n {
                let face = dice.die(sides);
                assert!((1..=sides).contains(&face));
                counts[face as usize - 1] += 1;
            }
            let expected = n as f64 / sides as f64;
            let chi: f64 = counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
            assert!(chi < critical(sides as usize - 1), "d{sides}: chi-square {chi:.1}");
        }
    }

    #[test]
    fn sums_follow_their_exact_distribution() {
        // 2d6 and 3d6 sums against the enumerator's exact distribution.
        for (count, seed) in [(2u32, 26u64), (3, 36)] {
            let mut dice = SeededDice::new(seed);
            let n = 60_000;
            let mut counts = std::collections::BTreeMap::new();
            for _ in 0..n {
                *counts.entry(dice.roll(count, 6).total).or_insert(0u64) += 1;
            }
            let exact = crate::odds::sum_distribution(count, 6);
            let chi: f64 = exact
                .iter()
                .map(|(total, p)| {
                    let e = p.to_f64() * n as f64;
                    (*counts.get(total).unwrap_or(&0) as f64 - e).powi(2) / e
                })
                .sum();
            assert!(chi < critical(exact.len() - 1), "{count}d6: chi-square {chi:.1}");
        }
    }

    #[test]
    fn roll_offs_settle_every_place() {
        let mut dice = SeededDice::new(9);
        for k in 1..8 {
            let off = dice.roll_off(k, 6);
            let mut order = off.order.clone();
            order.sort_unstable();
            assert_eq!(order, (0..k).collect::<Vec<_>>());
            // Every round's rolls belong to the contenders who rolled them.
            assert!(off.rounds.iter().all(|r| r.who.len() == r.rolls.len() && r.who.len() > 1));
        }
    }
}
