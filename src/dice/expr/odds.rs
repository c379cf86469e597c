//! Exact distributions of expressions, worked out without walking every die:
//! - a sum of N alike dice by N passes of a running window (plain dice) or by repeated
//!   convolution of whole-number weights, and success counts by the binomial terms;
//! - keep/drop by the order-statistics count icepool uses: faces taken from the kept end
//!   down, the state being how many dice are placed so far and what the kept ones score;
//!   once the kept count is full, the rest fall on the faces below in `(faces below)^rest` ways;
//! - exploding dice by the negative-binomial split: N chains holding j explosions in all are
//!   `C(N+j-1, j) · A^N · B^j` (A: the faces that stop, B: those that explode), summed to a
//!   depth J by Horner's rule, with everything past it said as `beyond`;
//! - per-die chains (compounded or penetrating, where dice are kept or counted) to a depth,
//!   the rest of each die's chance held as one "higher than any listed" face.
//!
//! Weights are whole numbers over one denominator per term (`u128` while it fits), so every
//! listed fraction is exact. What would cost more than [`FUEL`] or take more memory is left to
//! the caller, which estimates it from seeded rolls or refuses.

mod explode;

use super::parse::{ExplodeKind, Keep, Node, Op, Term};
use super::weight::Weight;
use explode::{chained, negative_binomial};
use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};
use std::collections::BTreeMap;

/// Work an exact answer may take, in word operations (about two seconds on a slow machine).
pub const FUEL: u64 = 300_000_000;
/// Words one distribution may hold (64 MiB).
pub const MAX_WORDS: u64 = 8_000_000;
/// Most faces of an exploding die worked out exactly.
pub const MAX_EXPLODING_FACES: u32 = 100_000;
/// How much probability may lie beyond the outcomes listed for an exploding die.
pub const BEYOND: f64 = 1e-12;

/// Why an exact answer is not given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fail {
    /// It would take more than the fuel or the memory allowed.
    Costly,
    /// The weights would outgrow `u128`: worked again in big integers.
    Wide,
    /// Not worked out exactly: exploding dice that are kept or dropped one by one, a product
    /// of two unbounded terms, an explosion whose dice add nothing.
    Unsupported,
}

pub struct Fuel(u64);

impl Fuel {
    pub fn new() -> Fuel {
        Fuel(FUEL)
    }

    fn spend(&mut self, ops: u64) -> Result<(), Fail> {
        self.0 = self.0.checked_sub(ops).ok_or(Fail::Costly)?;
        Ok(())
    }

    fn hold(&self, entries: usize, words: usize) -> Result<(), Fail> {
        if (entries as u64).saturating_mul(words as u64) > MAX_WORDS { Err(Fail::Costly) } else { Ok(()) }
    }
}

impl Default for Fuel {
    fn default() -> Self {
        Fuel::new()
    }
}

/// A distribution over whole numbers from `lo`: `w[i]` ways out of `den` to total `lo + i`.
/// With `exact_to`, the ways are complete only up to it; the rest of `den` lies above it.
#[derive(Clone, Debug)]
pub struct Counts<W> {
    pub lo: i64,
    pub w: Vec<W>,
    pub den: W,
    pub exact_to: Option<i64>,
}

impl<W: Weight> Counts<W> {
    fn point(value: i64) -> Counts<W> {
        Counts { lo: value, w: vec![W::from_u64(1)], den: W::from_u64(1), exact_to: None }
    }

    fn from_pairs(pairs: impl IntoIterator<Item = (i64, W)>, den: W) -> Counts<W> {
        let pairs: Vec<(i64, W)> = pairs.into_iter().filter(|(_, w)| !w.is_zero()).collect();
        let lo = pairs.iter().map(|p| p.0).min().unwrap_or(0);
        let hi = pairs.iter().map(|p| p.0).max().unwrap_or(0);
        let mut w = vec![W::zero(); (hi - lo + 1) as usize];
        for (v, x) in pairs {
            w[(v - lo) as usize].add(&x);
        }
        Counts { lo, w, den, exact_to: None }
    }

    fn hi(&self) -> i64 {
        self.lo + self.w.len() as i64 - 1
    }

    /// Drops what lies past `exact_to` and the zeros at both ends.
    fn trim(&mut self) {
        if let Some(t) = self.exact_to {
            let keep = (t - self.lo + 1).clamp(0, self.w.len() as i64) as usize;
            self.w.truncate(keep);
        }
        while self.w.last().is_some_and(|x| x.is_zero()) {
            self.w.pop();
        }
        let lead = self.w.iter().take_while(|x| x.is_zero()).count();
        if lead > 0 {
            self.w.drain(..lead);
            self.lo += lead as i64;
        }
        if self.w.is_empty() {
            self.w.push(W::zero());
        }
    }
}

/// Refuses a weight type too narrow for a denominator of `den^power`.
fn room<W: Weight>(den: u64, power: f64) -> Result<(), Fail> {
    if W::holds(libm::log2(den as f64) * power + 1.0) { Ok(()) } else { Err(Fail::Wide) }
}

/// The sum of two independent distributions.
fn convolve<W: Weight>(a: &Counts<W>, b: &Counts<W>, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    let words = a.den.words() + b.den.words();
    fuel.spend((a.w.len() as u64) * (b.w.len() as u64) * words as u64)?;
    fuel.hold(a.w.len() + b.w.len(), words)?;
    let mut w = vec![W::zero(); a.w.len() + b.w.len() - 1];
    for (i, x) in a.w.iter().enumerate() {
        if x.is_zero() {
            continue;
        }
        for (j, y) in b.w.iter().enumerate() {
            w[i + j].mul_add(x, y);
        }
    }
    let exact_to = match (a.exact_to, b.exact_to) {
        (None, None) => None,
        (Some(t), None) => Some(t + b.lo),
        (None, Some(t)) => Some(t + a.lo),
        (Some(s), Some(t)) => Some((s + b.lo).min(t + a.lo)),
    };
    let mut out = Counts { lo: a.lo + b.lo, w, den: a.den.mul(&b.den), exact_to };
    out.trim();
    Ok(out)
}

/// `n` independent copies of `unit`, summed.
fn power<W: Weight>(unit: &Counts<W>, n: u32, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    if n == 1 {
        return Ok(unit.clone());
    }
    // What it will take, asked before starting: the result's length and the words of its numbers.
    let (len, nf) = (unit.w.len() as f64, f64::from(n));
    let words = ((unit.den.big().bits() as f64) * nf / 64.0).ceil() + 1.0;
    let out_len = nf * (len - 1.0) + 1.0;
    if out_len * words > MAX_WORDS as f64 {
        return Err(Fail::Costly);
    }
    let uniform = unit.exact_to.is_none() && unit.w.iter().all(|x| x.big() == W::from_u64(1).big());
    let work = if uniform {
        // A running sum per pass: 2 · k(l−1) words-long additions at pass k.
        2.0 * (len - 1.0) * nf * nf * words / 3.0
    } else if len <= 4.0 {
        out_len * len * nf * words / 2.0
    } else {
        out_len * out_len * words
    };
    if work > fuel.0 as f64 {
        return Err(Fail::Costly);
    }
    if uniform {
        return sliding(unit, n, fuel);
    }
    if unit.w.len() <= 4 {
        let mut acc = unit.clone();
        for _ in 1..n {
            acc = convolve(&acc, unit, fuel)?;
        }
        return Ok(acc);
    }
    let mut result: Option<Counts<W>> = None;
    let mut base = unit.clone();
    let mut e = n;
    loop {
        if e & 1 == 1 {
            result = Some(match result {
                None => base.clone(),
                Some(r) => convolve(&r, &base, fuel)?,
            });
        }
        e >>= 1;
        if e == 0 {
            break;
        }
        base = convolve(&base, &base, fuel)?;
    }
    Ok(result.unwrap_or_else(|| Counts::point(0)))
}

/// `n` dice whose faces are equally likely and consecutive: each pass is a running sum over a
/// window as wide as the die.
fn sliding<W: Weight>(unit: &Counts<W>, n: u32, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    let width = unit.w.len();
    let mut w = vec![W::from_u64(1); width];
    let mut den = unit.den.clone();
    for k in 2..=n as usize {
        let len = k * (width - 1) + 1;
        den = den.mul(&unit.den);
        fuel.spend(2 * len as u64 * den.words() as u64)?;
        fuel.hold(2 * len, den.words())?;
        let mut next = Vec::with_capacity(len);
        let mut run = W::zero();
        for i in 0..len {
            if i < w.len() {
                run.add(&w[i]);
            }
            if i >= width {
                run.sub(&w[i - width]);
            }
            next.push(run.clone());
        }
        w = next;
    }
    Ok(Counts { lo: unit.lo * i64::from(n), w, den, exact_to: None })
}

/// `C(n, s) · hit^s · miss^(n−s)` ways to score `s` of `n`, each term from the last.
fn binomial<W: Weight>(hit: u64, miss: u64, n: u32, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    room::<W>(hit + miss, f64::from(n) + 1.0)?;
    let den = W::from_u64(hit + miss);
    let mut all = W::from_u64(1);
    for _ in 0..n {
        all = all.mul(&den);
    }
    let words = all.words() as u64;
    fuel.spend(4 * u64::from(n) * words * words.max(1))?;
    fuel.hold(n as usize + 1, words as usize)?;
    if hit == 0 || miss == 0 {
        let s = if hit == 0 { 0 } else { i64::from(n) };
        return Ok(Counts { lo: s, w: vec![all.clone()], den: all, exact_to: None });
    }
    let mut term = W::from_u64(1);
    for _ in 0..n {
        term = term.mul_small(miss);
    }
    let mut w = Vec::with_capacity(n as usize + 1);
    for s in 0..=u64::from(n) {
        w.push(term.clone());
        if s < u64::from(n) {
            // C(n,s+1)/C(n,s) = (n−s)/(s+1), and one miss becomes a hit.
            term = term.mul_small((u64::from(n) - s) * hit).div_small((s + 1) * miss);
        }
    }
    Ok(Counts { lo: 0, w, den: all, exact_to: None })
}

/// Keep `keep` of `n` dice. `faces` are in keep order (the best kept first), each with its
/// score (`None`: a face standing for values past those listed, whose score is unknown) and
/// its weight out of `den`.
fn keep_dp<W: Weight>(
    faces: &[(Option<i64>, W)],
    den: &W,
    n: u32,
    keep: u32,
    fuel: &mut Fuel,
) -> Result<Counts<W>, Fail> {
    let (n, k) = (n as usize, keep as usize);
    let known: Vec<i64> = faces.iter().filter_map(|f| f.0).collect();
    let min = known.iter().copied().min().unwrap_or(0);
    let max = known.iter().copied().max().unwrap_or(0);
    let spread = (max - min) as usize;
    let mut all = W::from_u64(1);
    for _ in 0..n {
        all = all.mul(den);
    }
    let words = all.words();
    let states = k * (k.saturating_sub(1) * spread + 1);
    fuel.hold(states + k * spread + 1, words)?;
    fuel.spend(
        (faces.len() * states) as u64 * (k as u64 + 2) * (words * words) as u64 / 2
            + (faces.len() * n) as u64 * words as u64,
    )?;
    // dp[c][s]: ways to place c dice (fewer than k) on the faces so far, kept scores summing to s
    // (each score shifted by −min).
    let mut dp: Vec<Vec<W>> = (0..k).map(|c| vec![W::zero(); c * spread + 1]).collect();
    dp[0][0] = W::from_u64(1);
    let mut done = vec![W::zero(); k * spread + 1];
    let mut below = den.clone();
    for (index, (score, m)) in faces.iter().enumerate() {
        below.sub(m);
        let last = index + 1 == faces.len();
        let below_pow = powers(&below, n);
        let mut next: Vec<Vec<W>> = (0..k).map(|c| vec![W::zero(); c * spread + 1]).collect();
        for c in 0..k {
            if dp[c].iter().all(|x| x.is_zero()) {
                continue;
            }
            let free = n - c;
            let ways = placements(m, free);
            // Filling the kept count here: the rest of the dice fall below, in below^rest ways.
            let need = k - c;
            let mut fill = W::zero();
            for j in need..=free {
                fill.mul_add(&ways[j], &below_pow[free - j]);
            }
            for (s, x) in dp[c].iter().enumerate() {
                if x.is_zero() {
                    continue;
                }
                if !last {
                    next[c][s].add(x);
                }
                let Some(score) = score else { continue };
                let shifted = (score - min) as usize;
                if !fill.is_zero() {
                    done[s + need * shifted].mul_add(x, &fill);
                }
                if !last {
                    for j in 1..need {
                        next[c + j][s + j * shifted].mul_add(x, &ways[j]);
                    }
                }
            }
        }
        dp = next;
    }
    let lo = min * k as i64;
    let mut out = Counts { lo, w: done, den: all, exact_to: None };
    out.trim();
    Ok(out)
}

/// `base^t` for every t up to `n`.
fn powers<W: Weight>(base: &W, n: usize) -> Vec<W> {
    let mut pow = Vec::with_capacity(n + 1);
    pow.push(W::from_u64(1));
    for t in 1..=n {
        let next = pow[t - 1].mul(base);
        pow.push(next);
    }
    pow
}

/// The ways to put j of `free` dice on a face of weight `m`, for every j: C(free, j) · m^j.
fn placements<W: Weight>(m: &W, free: usize) -> Vec<W> {
    let mut ways = Vec::with_capacity(free + 1);
    let mut choose = W::from_u64(1);
    let mut mpow = W::from_u64(1);
    for j in 0..=free {
        ways.push(choose.mul(&mpow));
        if j < free {
            choose = choose.mul_small((free - j) as u64).div_small(j as u64 + 1);
            mpow = mpow.mul(m);
        }
    }
    ways
}

/// The faces of one die and their weights out of the returned denominator, rerolls applied.
fn face_weights(term: &Term) -> (Vec<(i64, u64)>, u64) {
    let faces = term.faces;
    let x = u64::from(faces.count());
    let Some(reroll) = &term.reroll else { return (faces.values().map(|f| (f, 1)).collect(), x) };
    let hit = faces.matching(&reroll.on);
    if reroll.once {
        // Kept at once, or rerolled (|S| of X) and then any face: ([f∉S]·X + |S|) / X².
        let weights = faces.values().map(|f| (f, if reroll.matches(f) { hit } else { x + hit })).collect();
        (weights, x * x)
    } else {
        // Rerolled until a face outside S shows: each of those alike.
        (faces.values().filter(|&f| !reroll.matches(f)).map(|f| (f, 1)).collect(), x - hit)
    }
}

fn clamp(term: &Term, v: i64) -> i64 {
    let v = term.min.map_or(v, |m| v.max(m));
    term.max.map_or(v, |m| v.min(m))
}

fn score(term: &Term, value: i64) -> i64 {
    match term.success {
        None => value,
        Some(on) => i64::from(on.matches(value)) - i64::from(term.failure.is_some_and(|f| f.matches(value))),
    }
}

/// The exact counts of one dice term.
pub fn term_counts<W: Weight>(term: &Term, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    let n = term.count;
    // Checked before the work: an exploding die of very many faces lists a chain of totals
    // each as wide as the die.
    if term.explode.is_some() && term.faces.count() > MAX_EXPLODING_FACES {
        return Err(Fail::Costly);
    }
    if let Some(ex) = term.explode
        && face_weights(term).0.iter().all(|&(f, w)| w == 0 || !ex.on.matches(f))
    {
        // No face that shows explodes: plain dice.
        return term_counts(&Term { explode: None, ..term.clone() }, fuel);
    }
    match (term.explode, term.keep) {
        (None, None) => {
            let (faces, den) = face_weights(term);
            if term.success.is_some() && term.failure.is_none() {
                let hit: u64 = faces.iter().filter(|(f, _)| score(term, clamp(term, *f)) == 1).map(|p| p.1).sum();
                return binomial(hit, den - hit, n, fuel);
            }
            room::<W>(den, f64::from(n))?;
            let unit = Counts::from_pairs(
                faces.iter().map(|&(f, w)| (score(term, clamp(term, f)), W::from_u64(w))),
                W::from_u64(den),
            );
            power(&unit, n, fuel)
        }
        (None, Some(keep)) => {
            let (faces, den) = face_weights(term);
            room::<W>(den, f64::from(n) + 1.0)?;
            let mut by_value: BTreeMap<i64, u64> = BTreeMap::new();
            for (f, w) in faces {
                *by_value.entry(clamp(term, f)).or_insert(0) += w;
            }
            let mut ordered: Vec<(Option<i64>, W)> =
                by_value.iter().map(|(&v, &w)| (Some(score(term, v)), W::from_u64(w))).collect();
            if keep.highest {
                ordered.reverse();
            }
            keep_dp(&ordered, &W::from_u64(den), n, keep.count, fuel)
        }
        (Some(ex), None)
            if ex.kind != ExplodeKind::Penetrate && !(ex.kind == ExplodeKind::Compound && term.success.is_some()) =>
        {
            negative_binomial(term, fuel)
        }
        (Some(ex), keep) if ex.kind == ExplodeKind::Compound || keep.is_none() => chained(term, fuel),
        _ => Err(Fail::Unsupported),
    }
}

/// The counts of `node` in whole words, where it is one dice term shifted, scaled or divided
/// by numbers (`d1000000/1000`, `2d6+3`): worked out over the term's counts, without a big
/// integer for every total on the way. `None` for any other shape, or counts past `u128`.
pub fn dense(node: &Node, fuel: &mut Fuel) -> Result<Option<Counts<u128>>, Fail> {
    Ok(match node {
        Node::Dice(term) => match term_counts::<u128>(term, fuel) {
            Err(Fail::Wide) => None,
            other => Some(other?),
        },
        Node::Label(inner, _) => dense(inner, fuel)?,
        Node::Bin(op, a, b) => match (&**a, &**b) {
            // One plain die divided (a table's d1000000/1000): each quotient's faces counted
            // without listing the faces.
            (Node::Dice(t), Node::Const(c))
                if *op == Op::Div && *c > 0 && t.count == 1 && plain_numbered(t).is_some() =>
            {
                let x = i64::from(plain_numbered(t).unwrap_or(1));
                let w = (0..=x / c).map(|q| (x.min(c * (q + 1) - 1) - 1.max(c * q) + 1).max(0) as u128).collect();
                let mut out = Counts { lo: 0, w, den: x as u128, exact_to: None };
                out.trim();
                Some(out)
            }
            (inner, Node::Const(c)) if !matches!(inner, Node::Const(_)) => {
                dense(inner, fuel)?.and_then(|d| with_constant(d, *op, *c, fuel))
            }
            (Node::Const(c), inner) if matches!(op, Op::Add | Op::Mul) => {
                dense(inner, fuel)?.and_then(|d| with_constant(d, *op, *c, fuel))
            }
            _ => None,
        },
        _ => None,
    })
}

/// The faces of a die of numbered faces with no modifier.
fn plain_numbered(t: &Term) -> Option<u32> {
    let plain = t.keep.is_none()
        && t.explode.is_none()
        && t.reroll.is_none()
        && t.success.is_none()
        && t.min.is_none()
        && t.max.is_none();
    match t.faces {
        super::parse::Faces::Numbered(x) if plain => Some(x),
        _ => None,
    }
}

/// `d op c` over counts: a shift, a scaling by a positive number (the totals between left
/// empty, while that stays small) or a division rounding down by a positive number.
fn with_constant(d: Counts<u128>, op: Op, c: i64, fuel: &Fuel) -> Option<Counts<u128>> {
    match op {
        Op::Add | Op::Sub => {
            let c = if op == Op::Sub { -c } else { c };
            Some(Counts { lo: d.lo + c, exact_to: d.exact_to.map(|t| t + c), ..d })
        }
        Op::Mul if c > 0 => {
            let len = (d.w.len() - 1).checked_mul(usize::try_from(c).ok()?)?.checked_add(1)?;
            fuel.hold(len, 2).ok()?;
            let mut w = vec![0u128; len];
            for (i, x) in d.w.iter().enumerate() {
                w[i * c as usize] = *x;
            }
            Some(Counts { lo: d.lo * c, w, den: d.den, exact_to: d.exact_to.map(|t| t * c) })
        }
        Op::Div if c > 0 => {
            let lo = floor_div(d.lo, c);
            let mut w = vec![0u128; (floor_div(d.hi(), c) - lo + 1) as usize];
            for (i, x) in d.w.iter().enumerate() {
                w[(floor_div(d.lo + i as i64, c) - lo) as usize] += x;
            }
            // A truncated side stays complete up to the last quotient it fills whole.
            let exact_to = d.exact_to.map(|t| floor_div(t + 1, c) - 1);
            let mut out = Counts { lo, w, den: d.den, exact_to };
            out.trim();
            Some(out)
        }
        _ => None,
    }
}

/// An exact distribution in big integers: each listed outcome's ways out of `den`; with
/// `exact_to`, outcomes past it are not listed and their chance is the part of `den` missing.
#[derive(Clone, Debug)]
pub struct Exact {
    pub outcomes: Vec<(i64, BigUint)>,
    pub den: BigUint,
    pub exact_to: Option<i64>,
}

impl Exact {
    fn from_counts<W: Weight>(c: Counts<W>) -> Exact {
        let outcomes =
            c.w.iter().enumerate().filter(|(_, x)| !x.is_zero()).map(|(i, x)| (c.lo + i as i64, x.big())).collect();
        Exact { outcomes, den: c.den.big(), exact_to: c.exact_to }
    }

    fn point(v: i64) -> Exact {
        Exact { outcomes: vec![(v, BigUint::from(1u32))], den: BigUint::from(1u32), exact_to: None }
    }

    fn words(&self) -> usize {
        (self.den.bits() as usize).div_ceil(64).max(1)
    }

    fn min(&self) -> i64 {
        self.outcomes.first().map_or(0, |o| o.0)
    }

    fn constant(&self) -> Option<i64> {
        (self.outcomes.len() == 1 && self.exact_to.is_none()).then(|| self.outcomes[0].0)
    }
}

/// The exact distribution of a whole expression.
pub fn exact(node: &Node, fuel: &mut Fuel) -> Result<Exact, Fail> {
    if let Some(counts) = dense(node, fuel)? {
        return Ok(Exact::from_counts(counts));
    }
    match node {
        Node::Const(n) => Ok(Exact::point(*n)),
        Node::Dice(term) => match term_counts::<u128>(term, fuel) {
            Err(Fail::Wide) => Ok(Exact::from_counts(term_counts::<BigUint>(term, fuel)?)),
            other => Ok(Exact::from_counts(other?)),
        },
        Node::Neg(inner) => negate(exact(inner, fuel)?),
        Node::Label(inner, _) => exact(inner, fuel),
        Node::Group(group) => {
            let items = group.items.iter().map(|item| exact(item, fuel)).collect::<Result<Vec<_>, _>>()?;
            match group.keep {
                None => items.iter().skip(1).try_fold(items[0].clone(), |sum, item| add(&sum, item, fuel)),
                Some(keep) => kept_items(&items, keep, fuel),
            }
        }
        Node::Bin(op, a, b) => {
            let (a, b) = (exact(a, fuel)?, exact(b, fuel)?);
            match op {
                Op::Add => add(&a, &b, fuel),
                Op::Sub => add(&a, &negate(b)?, fuel),
                Op::Mul | Op::Div => combine(*op, &a, &b, fuel),
            }
        }
    }
}

/// The sum of `n` independent rolls of `e` (`NxEXPR`'s total), by doubling.
pub fn repeated(e: &Exact, n: u32, fuel: &mut Fuel) -> Result<Exact, Fail> {
    let mut result: Option<Exact> = None;
    let mut base = e.clone();
    let mut left = n;
    while left > 0 {
        if left & 1 == 1 {
            result = Some(match result {
                None => base.clone(),
                Some(r) => add(&r, &base, fuel)?,
            });
        }
        left >>= 1;
        if left > 0 {
            base = add(&base, &base, fuel)?;
        }
    }
    Ok(result.unwrap_or_else(|| Exact::point(0)))
}

fn negate(e: Exact) -> Result<Exact, Fail> {
    if e.exact_to.is_some() {
        return Err(Fail::Unsupported);
    }
    let mut outcomes: Vec<(i64, BigUint)> = e.outcomes.into_iter().map(|(v, w)| (-v, w)).collect();
    outcomes.reverse();
    Ok(Exact { outcomes, den: e.den, exact_to: None })
}

fn add(a: &Exact, b: &Exact, fuel: &mut Fuel) -> Result<Exact, Fail> {
    let words = a.words() + b.words();
    fuel.spend(a.outcomes.len() as u64 * b.outcomes.len() as u64 * words as u64)?;
    let mut map: BTreeMap<i64, BigUint> = BTreeMap::new();
    for (x, wx) in &a.outcomes {
        for (y, wy) in &b.outcomes {
            *map.entry(x + y).or_default() += wx * wy;
        }
    }
    fuel.hold(map.len(), words)?;
    let exact_to = match (a.exact_to, b.exact_to) {
        (None, None) => None,
        (Some(t), None) => Some(t + b.min()),
        (None, Some(t)) => Some(t + a.min()),
        (Some(s), Some(t)) => Some((s + b.min()).min(t + a.min())),
    };
    let outcomes = map.into_iter().filter(|(v, _)| exact_to.is_none_or(|t| *v <= t)).collect();
    Ok(Exact { outcomes, den: &a.den * &b.den, exact_to })
}

/// The sum of the `keep` highest (or lowest) totals of independent items: each item in turn
/// joins a state that holds the totals kept so far (at most `keep.count`, sorted), states that
/// keep the same totals merged.
fn kept_items(items: &[Exact], keep: Keep, fuel: &mut Fuel) -> Result<Exact, Fail> {
    if items.iter().any(|i| i.exact_to.is_some()) {
        return Err(Fail::Unsupported);
    }
    let k = keep.count as usize;
    let mut states: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
    states.insert(Vec::new(), BigUint::from(1u32));
    let mut den = BigUint::from(1u32);
    for item in items {
        den *= &item.den;
        let words = (den.bits() as usize).div_ceil(64).max(1);
        fuel.spend(states.len() as u64 * item.outcomes.len() as u64 * (words + k) as u64)?;
        let mut next: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
        for (kept, w) in &states {
            for (v, wv) in &item.outcomes {
                let mut state = kept.clone();
                // Sorted best first: the highest first when keeping the highest.
                let at = state.partition_point(|&x| if keep.highest { x >= *v } else { x <= *v });
                state.insert(at, *v);
                state.truncate(k);
                *next.entry(state).or_default() += w * wv;
            }
        }
        fuel.hold(next.len(), words + k)?;
        states = next;
    }
    let mut sums: BTreeMap<i64, BigUint> = BTreeMap::new();
    for (kept, w) in states {
        *sums.entry(kept.iter().sum()).or_default() += w;
    }
    Ok(Exact { outcomes: sums.into_iter().collect(), den, exact_to: None })
}

/// Rounds down (towards minus infinity), as the roll does.
pub fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b) - i64::from(b < 0 && a.rem_euclid(b) != 0)
}

fn combine(op: Op, a: &Exact, b: &Exact, fuel: &mut Fuel) -> Result<Exact, Fail> {
    let apply = |x: i64, y: i64| if op == Op::Mul { x * y } else { floor_div(x, y) };
    // A truncated side is kept only where the result still rises with it: times or divided by
    // a positive constant.
    let exact_to = match (a.exact_to, b.exact_to, a.constant(), b.constant()) {
        (None, None, _, _) => None,
        (Some(t), None, _, Some(c)) if c > 0 => Some(if op == Op::Mul { t * c } else { floor_div(t + 1, c) - 1 }),
        (None, Some(t), Some(c), _) if c > 0 && op == Op::Mul => Some(t * c),
        _ => return Err(Fail::Unsupported),
    };
    let words = a.words() + b.words();
    fuel.spend(a.outcomes.len() as u64 * b.outcomes.len() as u64 * words as u64)?;
    let mut map: BTreeMap<i64, BigUint> = BTreeMap::new();
    for (x, wx) in &a.outcomes {
        for (y, wy) in &b.outcomes {
            *map.entry(apply(*x, *y)).or_default() += wx * wy;
        }
    }
    fuel.hold(map.len(), words)?;
    let outcomes = map.into_iter().filter(|(v, _)| exact_to.is_none_or(|t| *v <= t)).collect();
    Ok(Exact { outcomes, den: &a.den * &b.den, exact_to })
}

/// `num / den` as a float, for numbers of any size.
pub fn ratio_f64(num: &BigInt, den: &BigInt) -> f64 {
    if den.is_zero() {
        return 0.0;
    }
    let shift = den.bits().saturating_sub(60).max(num.bits().saturating_sub(60));
    let n = (num >> shift).to_f64().unwrap_or(0.0);
    let d = (den >> shift).to_f64().unwrap_or(1.0);
    if d == 0.0 {
        // The numerator is far larger: only the ratio of the lead bits matters.
        return f64::INFINITY;
    }
    n / d
}
