//! The Storytelling dice pool that wod and cofd roll (WoD p. 126; CofD 2e p. 69): `size` d10s,
//! success on 8+, each 10 adding a die (10-again); a pool below 1 is a single chance die. It is
//! a [`Draw`] on top of the shared dice: rolled die by die from the seeded stream, and when
//! enumerated, taken to each success count a rule can tell apart with its exact chance.

use crate::dice::{Dice, Draw};
use crate::prob::Prob;
use crate::render::Palette;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use std::fmt::{self, Display};

/// A World of Darkness dice pool, every die shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// The pool size asked for (may be 0 or negative: then `chance` is set).
    pub size: i32,
    /// A single chance die was rolled instead of a pool.
    pub chance: bool,
    /// The dice of the pool itself, in order.
    pub rolls: Vec<u32>,
    /// The extra dice added by 10-again, in order.
    pub again: Vec<u32>,
    pub successes: u32,
    /// A chance die came up 1.
    pub dramatic: bool,
}

impl Serialize for Pool {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Pool", 6)?;
        if self.chance {
            st.serialize_field("dice", "chance")?;
        } else {
            st.serialize_field("dice", &format_args!("{}d10", self.size))?;
        }
        st.serialize_field("rolls", &self.rolls)?;
        st.serialize_field("again", &self.again)?;
        st.serialize_field("successes", &self.successes)?;
        st.serialize_field("chance", &self.chance)?;
        st.serialize_field("dramatic", &self.dramatic)?;
        st.end()
    }
}

/// Rolling a pool through any [`Dice`]: `dice.pool(size)`.
pub trait PoolDice {
    /// A Storytelling dice pool: `size` d10s, success on 8+, each 10 adds a die (10-again).
    /// A pool below 1 is a single chance die: success only on 10, a 1 is a dramatic failure.
    fn pool(&mut self, size: i32) -> Pool;
}

impl<D: Dice + ?Sized> PoolDice for D {
    fn pool(&mut self, size: i32) -> Pool {
        // Every `Dice` rolls the draw or takes it to one of its results: either sets the pool.
        let unrolled =
            Pool { size, chance: size < 1, rolls: Vec::new(), again: Vec::new(), successes: 0, dramatic: false };
        let mut draw = PoolDraw { size, pool: unrolled };
        self.draw(&mut draw);
        draw.pool
    }
}

/// One pool as a [`Draw`]: its size, and the pool it became.
struct PoolDraw {
    size: i32,
    pool: Pool,
}

impl Draw for PoolDraw {
    fn key(&self) -> (&'static str, i64) {
        ("storytelling pool", i64::from(self.size))
    }

    fn chances(&self) -> Vec<Prob> {
        pool_distribution(self.size).into_iter().map(|(_, p)| p).collect()
    }

    fn take(&mut self, k: usize) {
        self.pool = representative(self.size, k as u32);
    }

    fn roll(&mut self, die: &mut dyn FnMut(u32) -> u32) {
        let size = self.size;
        if size < 1 {
            let face = die(10);
            let mut pool = Pool {
                size,
                chance: true,
                rolls: vec![face],
                again: Vec::new(),
                successes: u32::from(face == 10),
                dramatic: face == 1,
            };
            ten_again(&mut pool, 10, die);
            self.pool = pool;
            return;
        }
        let rolls: Vec<u32> = (0..size).map(|_| die(10)).collect();
        let successes = rolls.iter().filter(|&&f| f >= 8).count() as u32;
        let mut pool = Pool { size, chance: false, rolls, again: Vec::new(), successes, dramatic: false };
        ten_again(&mut pool, 8, die);
        self.pool = pool;
    }
}

/// 10-again: every 10 (in the pool or among the extra dice) adds another die, which succeeds
/// on `target` or more (8, or 10 after a chance die: WoD p. 126).
fn ten_again(pool: &mut Pool, target: u32, die: &mut dyn FnMut(u32) -> u32) {
    let mut pending = pool.rolls.iter().filter(|&&f| f == 10).count();
    while pending > 0 {
        pending -= 1;
        let face = die(10);
        if face >= target {
            pool.successes += 1;
        }
        if face == 10 {
            pending += 1;
        }
        pool.again.push(face);
    }
}

/// Success counts tracked exactly before the rest is lumped into one "this many or more".
pub fn pool_cap(size: i32) -> u32 {
    size.max(1) as u32 + 4
}

/// The distinct results [`pool_distribution`] lists for a pool: the counts below the cap and the
/// cap or more, and for a chance die its dramatic failure too. The branches a pool is in
/// [`crate::odds::enumerate`].
pub fn pool_outcomes(size: i32) -> u128 {
    u128::from(pool_cap(size)) + if size < 1 { 2 } else { 1 }
}

/// A pool's success counts in whole outcomes over `outcomes`: `exact[s]` for each count below
/// the cap, `rest` for the cap or more. Whole numbers over one power of ten, so that a big pool
/// costs no reduction of fractions on the way.
#[derive(Clone, Debug)]
pub struct PoolCounts {
    pub exact: Vec<BigUint>,
    pub rest: BigUint,
    pub outcomes: BigUint,
}

impl PoolCounts {
    /// Every count of a Storytelling pool of `size` dice (below one, a chance die), 10-again
    /// followed to [`pool_cap`] successes (WoD p. 126).
    pub fn of(size: i32) -> PoolCounts {
        let cap = pool_cap(size) as usize;
        let ten = BigUint::from(10u32);
        // Tenths to the power k.
        let tenths = |k: usize| ten.pow(k as u32);
        if size < 1 {
            // A chance die over 10^cap: no success 9/10 (the dramatic 1 and 2-9), s successes
            // (1/10)^s · 9/10, the cap or more (1/10)^cap.
            let exact = (0..cap).map(|s| BigUint::from(9u32) * tenths(cap - 1 - s)).collect();
            return PoolCounts { exact, rest: BigUint::one(), outcomes: tenths(cap) };
        }
        // One die over 10^cap: no success 7/10; s >= 1 successes 27/100 · (1/10)^(s-1).
        let die: Vec<BigUint> = (0..cap)
            .map(|s| {
                if s == 0 { BigUint::from(7u32) * tenths(cap - 1) } else { BigUint::from(27u32) * tenths(cap - 1 - s) }
            })
            .collect();
        let mut counts = vec![BigUint::one()];
        for _ in 0..size {
            let mut next = vec![BigUint::zero(); cap];
            for (a, ca) in counts.iter().enumerate() {
                if ca.is_zero() {
                    continue;
                }
                for (b, cb) in die.iter().enumerate().take(cap - a) {
                    next[a + b] += ca * cb;
                }
            }
            counts = next;
        }
        let outcomes = tenths(cap).pow(size as u32);
        let listed: BigUint = counts.iter().sum();
        PoolCounts { rest: &outcomes - listed, exact: counts, outcomes }
    }
}

/// The distinct results of a Storytelling pool that a rule can tell apart (successes,
/// dramatic failure), each with a representative pool (`representative`). Successes at or
/// past the cap are lumped together with the cap as their representative.
pub fn pool_distribution(size: i32) -> Vec<(Pool, Prob)> {
    let cap = pool_cap(size);
    let tenth = Prob::new(1, 10);
    if size < 1 {
        // Chance die: 1 is a dramatic failure, 2-9 fail, 10 succeeds and is re-rolled,
        // the re-roll again needing a 10 (WoD p. 126).
        let mut out = vec![(representative(size, 0), tenth.clone()), (representative(size, 1), Prob::new(8, 10))];
        let mut run = tenth.clone(); // P(the first s dice were all 10s)
        for s in 1..cap {
            out.push((representative(size, s + 1), run.mul(&Prob::new(9, 10))));
            run = run.mul(&tenth);
        }
        out.push((representative(size, cap + 1), run));
        return out;
    }
    let counts = PoolCounts::of(size);
    let mut out: Vec<(Pool, Prob)> = counts
        .exact
        .iter()
        .enumerate()
        .map(|(s, c)| (representative(size, s as u32), Prob::ratio(c, &counts.outcomes)))
        .collect();
    out.push((representative(size, cap), Prob::ratio(&counts.rest, &counts.outcomes)));
    out
}

/// A pool standing for the `k`-th result [`pool_distribution`] lists: for a chance die, the
/// dramatic failure, a plain failure, then 1 success and up; else `k` successes.
fn representative(size: i32, k: u32) -> Pool {
    if size >= 1 {
        return normal_pool(size, k);
    }
    match k {
        0 => chance_pool(size, 0, true),
        k => chance_pool(size, k - 1, false),
    }
}

pub(crate) fn chance_pool(size: i32, successes: u32, dramatic: bool) -> Pool {
    let first = if dramatic {
        1
    } else if successes > 0 {
        10
    } else {
        5
    };
    let mut again = vec![10; successes.saturating_sub(1) as usize];
    if successes > 0 {
        again.push(5);
    }
    Pool { size, chance: true, rolls: vec![first], again, successes, dramatic }
}

pub(crate) fn normal_pool(size: i32, successes: u32) -> Pool {
    let n = size as u32;
    let mut rolls = vec![5; n as usize];
    let mut again = Vec::new();
    for face in rolls.iter_mut().take(successes.min(n) as usize) {
        *face = 8;
    }
    if successes > n {
        rolls[0] = 10;
        again = vec![10; (successes - n - 1) as usize];
        again.push(8);
    }
    Pool { size, chance: false, rolls, again, successes, dramatic: false }
}

/// `5d10 (9 3 10 2 1) + again (8) = 2 successes`.
pub fn pool_text<'a>(p: &'a Palette, pool: &'a Pool) -> PoolText<'a> {
    PoolText { p, pool }
}

pub struct PoolText<'a> {
    p: &'a Palette,
    pool: &'a Pool,
}

impl Display for PoolText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { p, pool } = self;
        let faces = |f: &mut fmt::Formatter<'_>, faces: &[u32], target: u32| -> fmt::Result {
            for (i, &face) in faces.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                if face >= target {
                    write!(f, "{}", p.good(face))?;
                } else {
                    write!(f, "{}", p.paint(p.die, face))?;
                }
            }
            Ok(())
        };
        let target = if pool.chance { 10 } else { 8 };
        if pool.chance {
            write!(f, "{} (", p.dim("chance die"))?;
        } else {
            write!(f, "{} (", p.dim(format_args!("{}d10", pool.size)))?;
        }
        faces(f, &pool.rolls, target)?;
        f.write_str(")")?;
        if !pool.again.is_empty() {
            write!(f, " {} (", p.dim("10-again"))?;
            faces(f, &pool.again, target)?;
            f.write_str(")")?;
        }
        let s = if pool.successes == 1 { "" } else { "es" };
        write!(f, " = {} success{s}", p.total(pool.successes))?;
        if pool.dramatic {
            write!(f, ", {}", p.bad("dramatic failure"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_sum_to_one_and_match_closed_forms() {
        for size in [-1, 0, 1, 2, 5, 9] {
            let dist = pool_distribution(size);
            assert_eq!(Prob::sum(dist.iter().map(|(_, p)| p)), Prob::one(), "size {size}");
        }
        // No success in five dice: every die shows 1-7, (7/10)^5.
        let five = pool_distribution(5);
        assert_eq!(five[0].0.successes, 0);
        assert_eq!(five[0].1, Prob::new(16807, 100000));
        // Chance die: dramatic 1/10, plain failure 8/10, one success 9/100.
        let chance = pool_distribution(0);
        assert!(chance[0].0.dramatic && chance[0].1 == Prob::new(1, 10));
        assert_eq!(chance[2].1, Prob::new(9, 100));
    }

    #[test]
    fn pool_counts_are_the_pool_convolved_die_by_die() {
        // Fractions all the way, as a die-by-die convolution: each die 0 successes 7/10, s
        // successes 27/100 (1/10)^(s-1); counts from the cap up lumped.
        for size in 1..=12 {
            let cap = pool_cap(size) as usize;
            let die: Vec<Prob> = (0..cap)
                .map(|s| {
                    if s == 0 {
                        Prob::new(7, 10)
                    } else {
                        Prob::new(27, 100).mul(&Prob::new(1, 10u128.pow(s as u32 - 1)))
                    }
                })
                .collect();
            let mut dist = vec![Prob::one()];
            for _ in 0..size {
                let mut next = vec![Prob::zero(); cap];
                for (a, pa) in dist.iter().enumerate() {
                    for (b, pb) in die.iter().enumerate().take(cap - a) {
                        next[a + b] = next[a + b].add(&pa.mul(pb));
                    }
                }
                dist = next;
            }
            let rest = Prob::sum(&dist).complement();
            dist.push(rest);
            let got: Vec<Prob> = pool_distribution(size).into_iter().map(|(_, p)| p).collect();
            assert_eq!(got, dist, "{size} dice");
        }
        for size in -3..=12 {
            assert_eq!(pool_outcomes(size), pool_distribution(size).len() as u128, "{size} dice");
            let counts = PoolCounts::of(size);
            assert_eq!(
                Prob::ratio(&(counts.exact.iter().sum::<BigUint>() + &counts.rest), &counts.outcomes),
                Prob::one()
            );
        }
    }
}
