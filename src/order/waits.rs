//! Who acts first on a ranking with waits: contenders ranked by independent totals (as in
//! [`super::odds`]), some of whom wait to act right before or right after another (WoD's
//! delayed and readied actions), so the order is no longer a ranking of the totals alone.

use super::budget::{MOVED_CAST, MOVED_CHAINED, MOVED_UNSURE_CAST};
use super::odds::Rival;
use crate::odds::Dist;
use crate::prob::Prob;
use std::cmp::Ordering;

/// Where a waiting contender acts: right before or right after another, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    Before(usize),
    After(usize),
}

impl Wait {
    pub fn other(self) -> usize {
        match self {
            Wait::Before(o) | Wait::After(o) => o,
        }
    }
}

/// A product of factors `a·x + b·(1 − x)`, as the coefficients of `x^k (1 − x)^(d − k)`, `k`
/// from 0: every coefficient stays a chance (none negative).
fn times(poly: &[Prob], [a, b]: &[Prob; 2]) -> Vec<Prob> {
    let mut out = vec![Prob::zero(); poly.len() + 1];
    for (k, c) in poly.iter().enumerate() {
        if c.is_zero() {
            continue;
        }
        if !b.is_zero() {
            out[k] = out[k].add(&c.mul(b));
        }
        if !a.is_zero() {
            out[k + 1] = out[k + 1].add(&c.mul(a));
        }
    }
    out
}

/// `∫₀¹ x^k (1 − x)^(d − k) dx = 1 / ((d + 1)·C(d, k))`.
fn beta(d: usize, k: usize) -> Prob {
    let mut choose: u128 = 1;
    for i in 0..k as u128 {
        choose = choose * (d as u128 - i) / (i + 1);
    }
    Prob::new(1, (d as u128 + 1) * choose)
}

/// Compares the steps of two moments from the same place: before (−1), after (+1), and
/// missing steps count as 0.
fn steps_cmp(a: &[i8], b: &[i8]) -> Ordering {
    let len = a.len().max(b.len());
    (0..len).map(|k| a.get(k).unwrap_or(&0).cmp(b.get(k).unwrap_or(&0))).find(|o| o.is_ne()).unwrap_or(Ordering::Equal)
}

/// Who acts first on the ranking with waits (`waits[i]`: contender i acts right before or
/// right after another), among those who stay in (each independently, with the chance `stays`);
/// `None` (nobody) when none does. `None` overall when the waits tie too many contenders
/// together to work out exactly ([`MOVED_CHAINED`], [`MOVED_CAST`], [`MOVED_UNSURE_CAST`]).
///
/// How a ranking with waits is placed: a waiter moves only when it stands above the moment it
/// waits for, so a moment starts from the ranked place of the lowest-placed contender on the
/// chain from the waiter down to its root (the first who does not wait), followed by the steps,
/// before (−1) or after (+1), from there up the chain. Moments are compared by that place, then
/// step by step, and equal moments go by the keys, then a roll-off. So the first who stays in
/// stands on the chain of some contender `r`: everyone who stays in has someone on its chain
/// placed at or below `r`, and among those whose chain has `r` lowest, the earliest steps win.
/// The ranking is by total, then the keys, then a roll-off, which is as if each drew a uniform
/// `x`: given `r`'s total and draw, every other contender stands above it independently, with a
/// chance linear in `x`. Those on no chain only need to sit out or stand below `r`; those on
/// chains are taken through every way of standing above or below `r` and staying in or not; the
/// product is integrated over `x`.
pub fn first_with_waits(
    rivals: &[Rival],
    waits: &[Option<Wait>],
    stays: impl Fn(usize) -> Prob,
) -> Option<Dist<Option<usize>>> {
    let n = rivals.len();
    let anchors = waits;
    let chains = chains_of(anchors)?;
    let mut chained: Vec<usize> = (0..n).filter(|&i| chains[i].len() > 1).flat_map(|i| chains[i].clone()).collect();
    chained.sort_unstable();
    chained.dedup();
    let stay: Vec<Prob> = (0..n).map(&stays).collect();
    let unsure = |i: usize| !stay[i].is_zero() && stay[i] != Prob::one();
    let cast = if (0..n).any(unsure) { MOVED_UNSURE_CAST } else { MOVED_CAST };
    if n > cast || chained.len() + chained.iter().filter(|&&i| unsure(i)).count() > MOVED_CHAINED {
        return None;
    }
    let step = |i: usize| if matches!(anchors[i], Some(Wait::After(_))) { 1i8 } else { -1 };
    let tie_break: Vec<&[i64]> = rivals.iter().map(|r| r.keys.as_slice()).collect();
    let mut chance = vec![Prob::zero(); n];
    for r in 0..n {
        // One on no chain can only come first itself, as any alike to it (the same roll, tie
        // key and chance to stay in) does.
        let plain_alike = |o: usize| !chained.contains(&o) && rivals[o] == rivals[r] && stay[o] == stay[r];
        if let Some(o) = (0..r).find(|&o| !chained.contains(&r) && plain_alike(o)) {
            chance[r] = chance[o].clone();
            continue;
        }
        let lowest = Lowest::new(r, &chains, &chained, &stay, &tie_break, unsure, step);
        let shares: Vec<Vec<(usize, Prob)>> = (0u32..(1 << lowest.others.len())).map(|u| lowest.shares(u)).collect();
        if shares.iter().all(Vec::is_empty) {
            continue;
        }
        for (t, pt) in &rivals[r].totals {
            if pt.is_zero() {
                continue;
            }
            lowest.add_total(*t, pt, rivals, &shares, &mut chance);
        }
    }
    let nobody = stay.iter().fold(Prob::one(), |acc, s| acc.mul(&s.complement()));
    let pairs = chance.into_iter().enumerate().map(|(i, p)| (Some(i), p));
    Some(Dist::from_pairs(pairs.chain(std::iter::once((None, nobody))).filter(|(_, p)| !p.is_zero())))
}

/// Each combatant's chain, itself first, down to its root (the first who does not move);
/// `None` when a wait names nobody or the chain loops.
fn chains_of(anchors: &[Option<Wait>]) -> Option<Vec<Vec<usize>>> {
    let n = anchors.len();
    let mut chains = Vec::with_capacity(n);
    for i in 0..n {
        let mut chain = vec![i];
        let mut at = i;
        while let Some(anchor) = anchors[at] {
            at = anchor.other();
            if at >= n || chain.contains(&at) {
                return None;
            }
            chain.push(at);
        }
        chains.push(chain);
    }
    Some(chains)
}

/// [`first_with_waits`]'s count for one combatant `r` whose rolled place is the lowest on the chain
/// of whoever comes first.
struct Lowest<'a> {
    r: usize,
    chains: &'a [Vec<usize>],
    stay: &'a [Prob],
    tie_break: &'a [&'a [i64]],
    /// Those followed one by one: the chained, and `r`.
    followed: Vec<usize>,
    /// The followed but `r`, each standing above or below it.
    others: Vec<usize>,
    /// The followed whose staying in is itself uncertain.
    doubtful: Vec<usize>,
    /// The steps from `r` up to each follower whose chain holds `r`.
    steps: Vec<Option<Vec<i8>>>,
}

impl<'a> Lowest<'a> {
    fn new(
        r: usize,
        chains: &'a [Vec<usize>],
        chained: &[usize],
        stay: &'a [Prob],
        tie_break: &'a [&'a [i64]],
        unsure: impl Fn(usize) -> bool,
        step: impl Fn(usize) -> i8,
    ) -> Lowest<'a> {
        let mut followed = chained.to_vec();
        if !followed.contains(&r) {
            followed.push(r);
        }
        let others: Vec<usize> = followed.iter().copied().filter(|&j| j != r).collect();
        let doubtful: Vec<usize> = followed.iter().copied().filter(|&j| unsure(j)).collect();
        let steps: Vec<Option<Vec<i8>>> = (0..chains.len())
            .map(|i| {
                let at = chains[i].iter().position(|&c| c == r)?;
                Some(chains[i][..at].iter().rev().map(|&c| step(c)).collect())
            })
            .collect();
        Lowest { r, chains, stay, tie_break, followed, others, doubtful, steps }
    }

    /// For one way the others followed stand above (a set bit of `upper`) or below `r`: who
    /// comes first among those whose chain has `r` lowest, with the chance of it over who stays
    /// in (the same whatever `r`'s total).
    fn shares(&self, upper: u32) -> Vec<(usize, Prob)> {
        let Lowest { r, chains, stay, tie_break, followed, others, doubtful, steps } = self;
        let is_above = |j: usize| others.iter().position(|&o| o == j).is_some_and(|k| upper & (1 << k) != 0);
        let mut shares: Vec<(usize, Prob)> = Vec::new();
        for ins in 0u32..(1 << doubtful.len()) {
            let is_in = |i: usize| match doubtful.iter().position(|&d| d == i) {
                Some(k) => ins & (1 << k) != 0,
                None => !stay[i].is_zero(),
            };
            let mut first_steps: Vec<(usize, &Vec<i8>)> = Vec::new();
            let mut valid = true;
            for &i in followed.iter().filter(|&&i| is_in(i)) {
                let below = chains[i].iter().any(|&c| c != *r && !is_above(c));
                match (&steps[i], below) {
                    (Some(s), false) => first_steps.push((i, s)),
                    // Someone staying in would stand before `r`'s moments.
                    (None, false) => valid = false,
                    _ => {}
                }
            }
            if !valid || first_steps.is_empty() {
                continue;
            }
            let mut weight = Prob::one();
            for (k, &d) in doubtful.iter().enumerate() {
                weight = weight.mul(&if ins & (1 << k) != 0 { stay[d].clone() } else { stay[d].complement() });
            }
            if weight.is_zero() {
                continue;
            }
            // The earliest steps, then the tie rule: the higher key, then a roll-off.
            let earliest = first_steps.iter().map(|(_, s)| *s).min_by(|a, b| steps_cmp(a, b)).cloned();
            let at_once: Vec<usize> = first_steps
                .iter()
                .filter(|(_, s)| earliest.as_ref().is_some_and(|e| steps_cmp(s, e).is_eq()))
                .map(|&(i, _)| i)
                .collect();
            let top = at_once.iter().map(|&i| tie_break[i]).max();
            let winners: Vec<usize> = at_once.into_iter().filter(|&i| Some(tie_break[i]) == top).collect();
            let share = weight.div(&Prob::new(winners.len() as u128, 1));
            for i in winners {
                match shares.iter_mut().find(|(w, _)| *w == i) {
                    Some((_, p)) => *p = p.add(&share),
                    None => shares.push((i, share.clone())),
                }
            }
        }
        shares
    }

    /// Adds to `chance` what `r` rolling the total `t` (with chance `pt`) gives each way the
    /// others stand, integrated over `r`'s draw.
    fn add_total(&self, t: i64, pt: &Prob, rivals: &[Rival], shares: &[Vec<(usize, Prob)>], chance: &mut [Prob]) {
        let Lowest { r, stay, tie_break, followed, others, .. } = self;
        let n = rivals.len();
        // [above, below] for each other: a + e·(1 − x) = a·x + (a + e)·(1 − x) above it,
        // and (1 − a)·x + (1 − a − e)·(1 − x) below.
        let sides: Vec<[[Prob; 2]; 2]> = (0..n)
            .map(|j| {
                let (mut a, mut e) = (Prob::zero(), Prob::zero());
                for (u, p) in &rivals[j].totals {
                    match (u.cmp(&t), tie_break[j].cmp(tie_break[*r])) {
                        (Ordering::Greater, _) | (Ordering::Equal, Ordering::Greater) => a = a.add(p),
                        (Ordering::Equal, Ordering::Equal) => e = e.add(p),
                        _ => {}
                    }
                }
                let ae = a.add(&e);
                [[a.clone(), ae.clone()], [a.complement(), ae.complement()]]
            })
            .collect();
        // Those on no chain: out, or in and below `r`.
        let mut plain = vec![Prob::one()];
        for j in (0..n).filter(|&j| j != *r && !followed.contains(&j)) {
            let out = stay[j].complement();
            let [_, [bx, b1]] = &sides[j];
            let factor = [out.add(&stay[j].mul(bx)), out.add(&stay[j].mul(b1))];
            plain = times(&plain, &factor);
        }
        // ∫ of plain times x^k (1 − x)^(m − k) for the followed's m factors.
        let integrals: Vec<Prob> = (0..=others.len())
            .map(|k| {
                let terms: Vec<Prob> = plain
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| !c.is_zero())
                    .map(|(c, p)| p.mul(&beta(n - 1, k + c)))
                    .collect();
                Prob::sum(&terms)
            })
            .collect();
        for (upper, shares) in shares.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
            let mut poly = vec![pt.clone()];
            for (k, &j) in others.iter().enumerate() {
                poly = times(&poly, &sides[j][usize::from(upper & (1 << k) == 0)]);
            }
            let weight = Prob::sum(&poly.iter().zip(&integrals).map(|(w, i)| w.mul(i)).collect::<Vec<_>>());
            if weight.is_zero() {
                continue;
            }
            for (i, p) in shares {
                chance[*i] = chance[*i].add(&weight.mul(p));
            }
        }
    }
}
