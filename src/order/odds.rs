//! The odds of a ranking, worked out without walking every roll.
//!
//! Contenders roll independently, so the chance that one of them takes a given place is a sum
//! over its own totals of a product over the others, each of which is ahead of it, level with
//! it (on the total and every key), or behind. A roll-off treats the level alike: each of
//! k + 1 level contenders takes any of their places with chance 1/(k + 1), which is the same
//! as giving each a uniform tie-breaker u in [0, 1] and integrating over one's own u. So
//! "who acts first" is `Σ_v P(X = v) ∫ Π_j (behind_j + level_j·u) du`, and a place is a
//! coefficient of the product of the others' generating functions.
//!
//! Contenders alike in every respect (totals, keys, chance of taking part) are one *kind*,
//! worked out once. Chances are counted in whole outcomes over each kind's denominator and
//! reduced once at the end, so large casts stay exact and fast.

use super::Settle;
use super::budget::*;
use crate::dice::{Dice, SeededDice};
use crate::odds::{Dist, Fallback, Method, Odds};
use crate::prob::Prob;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A contender as the ranking sees it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rival {
    /// Its total's distribution: each total once, lowest first.
    pub totals: Vec<(i64, Prob)>,
    /// Keys that break ties on the total, compared in order, higher first.
    pub keys: Vec<i64>,
    /// The chance that it takes part at all; those who do not are left out of the ranking.
    pub present: Prob,
}

impl Rival {
    /// A contender that always takes part, with this distribution of totals.
    pub fn new(totals: &Dist<i64>, keys: Vec<i64>) -> Rival {
        Rival { totals: totals.iter().cloned().collect(), keys, present: Prob::one() }
    }

    /// A contender whose total is known.
    pub fn fixed(total: i64, keys: Vec<i64>) -> Rival {
        Rival { totals: vec![(total, Prob::one())], keys, present: Prob::one() }
    }
}

/// Contenders alike in everything.
struct Kind {
    members: Vec<usize>,
    keys: Vec<i64>,
    /// Every probability of this kind is a whole number of outcomes out of `outcomes`.
    outcomes: BigUint,
    /// (total, outcomes giving it and taking part), lowest total first.
    counts: Vec<(i64, BigUint)>,
    /// `above[k]`: outcomes taking part with a total above `counts[k]`'s.
    above: Vec<BigUint>,
    /// Outcomes in which it takes part.
    present: BigUint,
}

impl Kind {
    fn new(rival: &Rival, members: Vec<usize>) -> Kind {
        let present = rival.present.parts();
        let totals = rival.totals.iter().fold(BigUint::one(), |acc, (_, p)| acc.lcm(&p.parts().1));
        let outcomes = &totals * &present.1;
        let share = totals * &present.0;
        let counts: Vec<(i64, BigUint)> = rival
            .totals
            .iter()
            .map(|(t, p)| {
                let (num, den) = p.parts();
                (*t, &share / den * num)
            })
            .filter(|(_, c)| !c.is_zero())
            .collect();
        let mut above = vec![BigUint::zero(); counts.len()];
        for k in (0..counts.len().saturating_sub(1)).rev() {
            above[k] = &above[k + 1] + &counts[k + 1].1;
        }
        let present = counts.iter().map(|(_, c)| c).sum();
        Kind { members, keys: rival.keys.clone(), outcomes, counts, above, present }
    }

    fn size(&self) -> usize {
        self.members.len()
    }

    /// How one of this kind stands against a contender with total `total` and `keys`.
    fn versus(&self, total: i64, keys: &[i64], settle: Settle) -> Versus {
        let (above, at) = match self.counts.binary_search_by(|(t, _)| t.cmp(&total)) {
            Ok(k) => (self.above[k].clone(), self.counts[k].1.clone()),
            Err(k) => match self.counts.get(k) {
                Some((_, c)) => (&self.above[k] + c, BigUint::zero()),
                None => (BigUint::zero(), BigUint::zero()),
            },
        };
        let (ahead, level) = match (self.keys.as_slice().cmp(keys), settle) {
            (Ordering::Greater, _) => (above + at, BigUint::zero()),
            (Ordering::Equal, Settle::RollOff(_)) => (above, at),
            // Acting together, the level are not ahead.
            (Ordering::Equal, Settle::Simultaneous) | (Ordering::Less, _) => (above, BigUint::zero()),
        };
        let behind = &self.outcomes - &ahead - &level;
        Versus { ahead, level, behind, outcomes: self.outcomes.clone() }
    }

    /// Bits a fraction of this kind's grows by: none for a total known in advance.
    fn bits(&self) -> u64 {
        (&self.outcomes - 1u32).bits()
    }
}

/// One contender against another's total: outcomes in which it is ahead, level (to be settled
/// by a roll-off) or behind (including not taking part), out of `outcomes`.
struct Versus {
    ahead: BigUint,
    level: BigUint,
    behind: BigUint,
    outcomes: BigUint,
}

/// Whole numbers over a common denominator.
#[derive(Clone, Debug)]
struct Frac {
    num: Vec<BigUint>,
    den: BigUint,
}

impl Frac {
    fn one() -> Frac {
        Frac { num: vec![BigUint::one()], den: BigUint::one() }
    }

    /// The product of two generating functions.
    fn times(&self, other: &Frac) -> Frac {
        Frac { num: convolve(&self.num, &other.num), den: &self.den * &other.den }
    }

    /// Adds `other` coefficient by coefficient, over the least common denominator.
    fn add(&mut self, other: &Frac) {
        let den = self.den.lcm(&other.den);
        let (mine, theirs) = (&den / &self.den, &den / &other.den);
        if self.num.len() < other.num.len() {
            self.num.resize(other.num.len(), BigUint::zero());
        }
        for c in &mut self.num {
            *c *= &mine;
        }
        for (c, o) in self.num.iter_mut().zip(&other.num) {
            *c += o * &theirs;
        }
        self.den = den;
    }

    fn probs(&self) -> impl Iterator<Item = Prob> + '_ {
        self.num.iter().map(|n| Prob::ratio(n, &self.den))
    }
}

fn convolve(a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let mut out = vec![BigUint::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        if x.is_zero() {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            if !y.is_zero() {
                out[i + j] += x * y;
            }
        }
    }
    out
}

/// `(behind + ahead·x)^m`: how many of m alike contenders are ahead, over `outcomes^m`.
fn binomial(behind: &BigUint, ahead: &BigUint, m: usize) -> Vec<BigUint> {
    if ahead.is_zero() {
        return vec![behind.pow(m as u32)];
    }
    let mut ahead_pow = vec![BigUint::one()];
    let mut behind_pow = vec![BigUint::one()];
    for k in 1..=m {
        ahead_pow.push(&ahead_pow[k - 1] * ahead);
        behind_pow.push(&behind_pow[k - 1] * behind);
    }
    let mut choose = BigUint::one();
    let mut out = Vec::with_capacity(m + 1);
    for j in 0..=m {
        out.push(&choose * &ahead_pow[j] * &behind_pow[m - j]);
        choose = choose * BigUint::from(m - j) / BigUint::from(j + 1);
    }
    out
}

/// How many of m alike contenders end up ahead of one level with them on the total and every
/// key, once each is ahead (`ahead`), behind, or level (`level`) and put in order by a
/// roll-off. With one's own tie-breaker u uniform, each other is ahead with chance
/// `(ahead + level·u)/outcomes`; integrating the binomial over u gives, for j ahead,
/// `[F(ahead, j) − F(ahead + level, j)] / ((m + 1)·level)` in outcomes, where F(p, j) counts the
/// outcomes of m + 1 trials at chance p with at most j successes.
fn level_binomial(v: &Versus, m: usize) -> Frac {
    let cdf = |p: &BigUint| -> Vec<BigUint> {
        let q = &v.outcomes - p;
        let pmf = binomial(&q, p, m + 1);
        let mut run = BigUint::zero();
        // Beyond the last possible count the cumulative count stays at its total.
        (0..=m + 1)
            .map(|j| {
                if let Some(x) = pmf.get(j) {
                    run += x;
                }
                run.clone()
            })
            .collect()
    };
    let low = cdf(&v.ahead);
    let high = cdf(&(&v.ahead + &v.level));
    let num = low.iter().zip(&high).take(m + 1).map(|(l, h)| l - h).collect();
    let den = v.outcomes.pow(m as u32) * BigUint::from(m + 1) * &v.level;
    Frac { num, den }
}

/// How many of several kinds of level contenders end up ahead: the joint count of those ahead
/// (A) and level (T), each level one's place among the T + 1 equally likely; over `lcm(1..=T+1)`.
fn mixed_levels(levels: &[(Versus, usize)]) -> Frac {
    // joint[a][t]: outcomes with a ahead and t level.
    let mut joint: Vec<Vec<BigUint>> = vec![vec![BigUint::one()]];
    let mut den = BigUint::one();
    for (v, m) in levels {
        for _ in 0..*m {
            let mut next = vec![vec![BigUint::zero(); joint[0].len() + 1]; joint.len() + 1];
            for (a, row) in joint.iter().enumerate() {
                for (t, c) in row.iter().enumerate() {
                    if c.is_zero() {
                        continue;
                    }
                    next[a][t] += c * &v.behind;
                    next[a + 1][t] += c * &v.ahead;
                    next[a][t + 1] += c * &v.level;
                }
            }
            joint = next;
            den *= &v.outcomes;
        }
    }
    let most = joint[0].len();
    let common = (1..=most).fold(BigUint::one(), |acc, k| acc.lcm(&BigUint::from(k)));
    let mut num = vec![BigUint::zero(); joint.len() + most];
    for (a, row) in joint.iter().enumerate() {
        for (t, c) in row.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            let share = c * (&common / BigUint::from(t + 1));
            for slot in &mut num[a..=a + t] {
                *slot += &share;
            }
        }
    }
    while num.len() > 1 && num.last().is_some_and(Zero::is_zero) {
        num.pop();
    }
    Frac { num, den: den * common }
}

/// Contenders ranked by independent totals, higher first; ties by keys, then a roll-off (or
/// shared places).
pub struct Field {
    kinds: Vec<Kind>,
    settle: Settle,
    size: usize,
}

impl Field {
    pub fn new(rivals: &[Rival], settle: Settle) -> Field {
        let mut index: BTreeMap<&Rival, usize> = BTreeMap::new();
        let mut groups: Vec<(&Rival, Vec<usize>)> = Vec::new();
        for (i, rival) in rivals.iter().enumerate() {
            match index.get(rival) {
                Some(&k) => groups[k].1.push(i),
                None => {
                    index.insert(rival, groups.len());
                    groups.push((rival, vec![i]));
                }
            }
        }
        // The likeliest to be ahead first, so that "who acts first" stops early for the rest.
        groups.sort_by_key(|(rival, _)| std::cmp::Reverse(rival.totals.last().map(|(t, _)| *t)));
        let kinds = groups.into_iter().map(|(rival, members)| Kind::new(rival, members)).collect();
        Field { kinds, settle, size: rivals.len() }
    }

    /// The contenders of each kind, by index: alike contenders have alike odds.
    pub fn kinds(&self) -> impl Iterator<Item = &[usize]> {
        self.kinds.iter().map(|k| k.members.as_slice())
    }

    /// The others as seen by one of kind `me` with total `total`: how many of each kind.
    fn others(&self, me: usize, total: i64) -> impl Iterator<Item = (Versus, usize)> + '_ {
        let keys = &self.kinds[me].keys;
        self.kinds.iter().enumerate().filter_map(move |(k, kind)| {
            let m = kind.size() - usize::from(k == me);
            (m > 0).then(|| (kind.versus(total, keys, self.settle), m))
        })
    }

    /// About how many multiplications into big numbers working out each kind's places takes:
    /// for each of its totals, a product over the others (`n²` for `n` contenders), and, when
    /// contenders of more than one kind may be level with it there (one kind has a closed
    /// form), their joint count (`m²·n` for `m` of them), each as long as the product of all
    /// denominators.
    fn work(&self) -> u64 {
        let n = self.size as u64;
        let limbs = self.bits() / 64 + 1;
        let mut work = 0u64;
        for kind in &self.kinds {
            for (total, _) in &kind.counts {
                let level: Vec<&Kind> = self
                    .kinds
                    .iter()
                    .filter(|o| o.keys == kind.keys && o.counts.binary_search_by(|(t, _)| t.cmp(total)).is_ok())
                    .collect();
                let m: u64 = level.iter().map(|o| o.size() as u64).sum();
                let per_total = if level.len() > 1 { n * n + m * m * n } else { n * n + n };
                work = work.saturating_add(per_total.saturating_mul(limbs));
            }
        }
        work
    }

    /// Bits of the product of every contender's denominator: how long a fraction may get.
    fn bits(&self) -> u64 {
        self.kinds.iter().map(|k| k.size() as u64 * k.bits()).sum::<u64>().max(1)
    }

    /// Decimal digits an answer of `outcomes` fractions may print.
    fn text(&self, outcomes: usize) -> u64 {
        (self.bits() * 2 * 3 / 10 + 2).saturating_mul(outcomes as u64)
    }

    /// The chance that each contender acts first, and `None` for nobody taking part; `None`
    /// when too costly to work out exactly, or when the level share a place.
    pub fn first(&self) -> Option<Dist<Option<usize>>> {
        if self.settle == Settle::Simultaneous {
            return None;
        }
        if self.kinds.len() > 1 && self.text(self.size) > TEXT_BUDGET {
            return None;
        }
        // Counted as it goes: the others are met likeliest-ahead first, and a contender that
        // cannot be first stops at the first one certain to be ahead of it.
        let limbs = self.bits() / 64 + 1;
        let mut work = 0u64;
        let mut pairs = Vec::with_capacity(self.size + 1);
        for (me, kind) in self.kinds.iter().enumerate() {
            let mut sum: Option<Frac> = None;
            for (total, count) in &kind.counts {
                let mut term = Frac { num: vec![count.clone()], den: kind.outcomes.clone() };
                let mut levels = Vec::new();
                for (v, m) in self.others(me, *total) {
                    work = work.saturating_add(limbs);
                    if work > FIRST_WORK {
                        return None;
                    }
                    if v.level.is_zero() {
                        term.num[0] *= v.behind.pow(m as u32);
                        term.den *= v.outcomes.pow(m as u32);
                    } else {
                        levels.push((v, m));
                    }
                    if term.num[0].is_zero() {
                        break;
                    }
                }
                if term.num[0].is_zero() {
                    continue;
                }
                if levels.len() > 1 {
                    let level: u64 = levels.iter().map(|(_, m)| *m as u64).sum();
                    work = work.saturating_add(level.saturating_mul(level).saturating_mul(limbs));
                    if work > FIRST_WORK {
                        return None;
                    }
                }
                term = term.times(&level_integral(&levels));
                match &mut sum {
                    Some(s) => s.add(&term),
                    None => sum = Some(term),
                }
            }
            let p = sum.map_or_else(Prob::zero, |s| Prob::ratio(&s.num[0], &s.den));
            pairs.extend(kind.members.iter().map(|&i| (Some(i), p.clone())));
        }
        pairs.push((None, self.nobody()));
        Some(Dist::from_pairs(pairs))
    }

    /// The chance that nobody takes part.
    fn nobody(&self) -> Prob {
        let (mut num, mut den) = (BigUint::one(), BigUint::one());
        for kind in &self.kinds {
            let out = &kind.outcomes - &kind.present;
            if out.is_zero() {
                return Prob::zero();
            }
            num *= out.pow(kind.size() as u32);
            den *= kind.outcomes.pow(kind.size() as u32);
        }
        Prob::ratio(&num, &den)
    }

    /// Each kind's place (1-based; `None`: does not take part); `None` when too costly to work
    /// out exactly.
    pub fn places(&self) -> Option<Vec<Dist<Option<usize>>>> {
        if self.work() > PLACE_WORK || self.text(self.size * self.kinds.len()) > TEXT_BUDGET {
            return None;
        }
        let mut out = Vec::with_capacity(self.kinds.len());
        for (me, kind) in self.kinds.iter().enumerate() {
            let mut sum: Option<Frac> = None;
            for (total, count) in &kind.counts {
                let mut term = Frac { num: vec![count.clone()], den: kind.outcomes.clone() };
                let mut levels = Vec::new();
                for (v, m) in self.others(me, *total) {
                    if v.level.is_zero() {
                        let ways = binomial(&v.behind, &v.ahead, m);
                        term = term.times(&Frac { num: ways, den: v.outcomes.pow(m as u32) });
                    } else {
                        levels.push((v, m));
                    }
                }
                term = match levels.as_slice() {
                    [] => term,
                    [(v, m)] => term.times(&level_binomial(v, *m)),
                    _ => term.times(&mixed_levels(&levels)),
                };
                match &mut sum {
                    Some(s) => s.add(&term),
                    None => sum = Some(term),
                }
            }
            let absent = Prob::ratio(&(&kind.outcomes - &kind.present), &kind.outcomes);
            let mut pairs: Vec<(Option<usize>, Prob)> = vec![(None, absent)];
            if let Some(sum) = sum {
                pairs.extend(sum.probs().enumerate().map(|(ahead, p)| (Some(ahead + 1), p)));
            }
            out.push(Dist::from_pairs(pairs));
        }
        Some(out)
    }
}

/// The group that takes the first place when those level on the total and every key act
/// together, with its chance (the empty group: nobody takes part). The contenders are folded in
/// one at a time into (the lead's total and keys, who shares it); `None` when the cast is too
/// large to count that way ([`FIRST_GROUP_CAST`], [`FIRST_GROUP_STATES`]).
pub fn first_group<'r>(rivals: &'r [Rival]) -> Option<Dist<Vec<usize>>> {
    if rivals.len() > FIRST_GROUP_CAST {
        return None;
    }
    // The lead's total and keys (none yet), and who shares it, one bit each.
    type State<'r> = (Option<(i64, &'r [i64])>, u128);
    let mut states: BTreeMap<State<'r>, Prob> = BTreeMap::from([((None, 0), Prob::one())]);
    for (bit, rival) in rivals.iter().enumerate() {
        let mut next: BTreeMap<State<'r>, Prob> = BTreeMap::new();
        let mut add = |key: State<'r>, p: Prob| {
            let sum = next.entry(key).or_insert_with(Prob::zero);
            *sum = sum.add(&p);
        };
        let absent = rival.present.complement();
        for (&(lead, who), p) in &states {
            if !absent.is_zero() {
                add((lead, who), p.mul(&absent));
            }
            for (total, q) in &rival.totals {
                let mine = (*total, rival.keys.as_slice());
                let key = match lead.map(|l| mine.cmp(&l)) {
                    None | Some(Ordering::Greater) => (Some(mine), 1u128 << bit),
                    Some(Ordering::Equal) => (lead, who | 1u128 << bit),
                    Some(Ordering::Less) => (lead, who),
                };
                add(key, p.mul(q).mul(&rival.present));
            }
        }
        if next.len() > FIRST_GROUP_STATES {
            return None;
        }
        states = next;
    }
    let members = |mask: u128| -> Vec<usize> { (0..rivals.len()).filter(|bit| mask >> bit & 1 == 1).collect() };
    Some(Dist::from_pairs(states.into_iter().map(|((_, mask), p)| (members(mask), p))))
}

/// Who acts first among the contenders taking part (`None`: nobody does), exactly; the level
/// settled by `settle`. `None` when too costly to work out exactly, or when the level share a
/// place.
pub fn first(rivals: &[Rival], settle: Settle) -> Option<Dist<Option<usize>>> {
    if rivals.iter().all(|r| r.present.is_zero()) {
        return Some(Dist::point(None));
    }
    Field::new(rivals, settle).first()
}

/// Who acts first, exactly where [`first`] can work it out, else estimated from seeded runs of
/// `run`, the rule itself, which gives who acts first (`None`: nobody): as many runs as
/// `estimate` makes for the cast, which `method` is then set to.
pub fn first_or_estimate(
    rivals: &[Rival],
    settle: Settle,
    estimate: Estimate,
    fallback: Fallback,
    method: &mut Method,
    run: impl FnMut(&mut dyn Dice) -> Option<usize>,
) -> Dist<Option<usize>> {
    if let Some(dist) = first(rivals, settle) {
        return dist;
    }
    let fallback = estimate.fallback(fallback, rivals.len());
    *method = Method { trials: Some(fallback.trials), seed: fallback.seed };
    crate::odds::simulate(run, fallback.trials, fallback.seed)
}

/// The paths of `rollers` dice of `sides` faces each (saturating).
pub fn dice_paths(rollers: usize, sides: u32) -> u128 {
    u32::try_from(rollers).ok().and_then(|r| u128::from(sides).checked_pow(r)).unwrap_or(u128::MAX)
}

/// The distribution of `run`, a ranking rolled with everything around it: walked over every
/// die when `walk` says its dice make few enough paths (and the walk stays within its budget),
/// else estimated; either way with no more seeded runs than `estimate` makes for `contenders`.
pub fn walk_or_estimate<T: Ord + Clone>(
    walk: bool,
    contenders: usize,
    estimate: Estimate,
    run: impl FnMut(&mut dyn Dice) -> T,
    fallback: Fallback,
) -> (Dist<T>, Method) {
    let fallback = estimate.fallback(fallback, contenders);
    if walk {
        return crate::odds::exact_or_estimate(run, fallback);
    }
    (
        crate::odds::simulate(run, fallback.trials, fallback.seed),
        Method { trials: Some(fallback.trials), seed: fallback.seed },
    )
}

/// Each of `n` contenders' 1-based place in `order` (`None`: not in it).
pub fn places_in(order: &[usize], n: usize) -> Vec<Option<usize>> {
    let mut places = vec![None; n];
    for (k, &i) in order.iter().enumerate() {
        places[i] = Some(k + 1);
    }
    places
}

/// Who acts first and each contender's place, as `--odds` gives them for more than three.
pub struct Standings {
    pub first: Dist<Option<usize>>,
    pub first_method: Method,
    /// `None` when the cast is too large for every place to be listed.
    pub places: Option<Places>,
}

/// Each contender's place (`None`: does not take part), worked out once per kind.
pub struct Places {
    by_kind: Vec<Dist<Option<usize>>>,
    kind_of: Vec<usize>,
    pub method: Method,
}

impl Places {
    pub fn of(&self, contender: usize) -> &Dist<Option<usize>> {
        &self.by_kind[self.kind_of[contender]]
    }
}

/// Who acts first and, when `lines` parts of places (none: 0) fit in [`PLACE_OUTCOMES`], each
/// contender's place; ties on the total and every key are settled by a roll-off. Exact from
/// [`Field`] where it can be, else estimated from seeded runs of `run`, the rule itself, which
/// gives each contender's place (`None`: not taking part).
pub fn standings(
    rivals: &[Rival],
    sides: u32,
    lines: usize,
    fallback: Fallback,
    run: impl FnMut(&mut dyn Dice) -> Vec<Option<usize>>,
) -> Standings {
    let field = Field::new(rivals, Settle::RollOff(sides));
    let n = rivals.len();
    let listed = lines > 0 && lines.saturating_mul(n) <= PLACE_OUTCOMES;
    let mut kind_of = vec![0; n];
    for (k, members) in field.kinds().enumerate() {
        for &i in members {
            kind_of[i] = k;
        }
    }
    let exact = Method::exact(fallback);
    let first = field.first();
    let places = if listed { field.places() } else { None };
    if first.is_some() && (places.is_some() || !listed) {
        return Standings {
            first: first.unwrap_or_else(|| Dist::point(None)),
            first_method: exact,
            places: places.map(|by_kind| Places { by_kind, kind_of, method: exact }),
        };
    }
    let trials = STANDINGS_ESTIMATE.runs(n, fallback.trials);
    let estimated = Method { trials: Some(trials), seed: fallback.seed };
    let kinds: Vec<&[usize]> = field.kinds().collect();
    let (first_seen, places_seen) = estimate(&kinds, n, listed, run, trials, fallback.seed);
    let (first, first_method) = match first {
        Some(first) => (first, exact),
        None => (first_seen, estimated),
    };
    let places = listed.then(|| match places {
        Some(by_kind) => Places { by_kind, kind_of: kind_of.clone(), method: exact },
        None => Places { by_kind: places_seen, kind_of: kind_of.clone(), method: estimated },
    });
    Standings { first, first_method, places }
}

/// Who came first, and each kind's places (its members pooled; when `listed`), over `trials`
/// seeded runs.
fn estimate(
    kinds: &[&[usize]],
    n: usize,
    listed: bool,
    mut run: impl FnMut(&mut dyn Dice) -> Vec<Option<usize>>,
    trials: u64,
    seed: u64,
) -> (Dist<Option<usize>>, Vec<Dist<Option<usize>>>) {
    let mut dice = SeededDice::new(seed);
    let mut firsts: BTreeMap<Option<usize>, u64> = BTreeMap::new();
    let mut seen: Vec<BTreeMap<Option<usize>, u64>> = vec![BTreeMap::new(); kinds.len()];
    let mut kind_of = vec![0; n];
    for (k, members) in kinds.iter().enumerate() {
        for &i in *members {
            kind_of[i] = k;
        }
    }
    for _ in 0..trials {
        let places = run(&mut dice);
        *firsts.entry(places.iter().position(|&p| p == Some(1))).or_default() += 1;
        if !listed {
            continue;
        }
        for (i, place) in places.iter().enumerate().take(n) {
            *seen[kind_of[i]].entry(*place).or_default() += 1;
        }
    }
    let first =
        Dist::from_pairs(firsts.into_iter().map(|(who, c)| (who, Prob::new(u128::from(c), u128::from(trials)))));
    let places = seen
        .into_iter()
        .zip(kinds)
        .map(|(counts, members)| {
            let runs = u128::from(trials) * members.len() as u128;
            Dist::from_pairs(counts.into_iter().map(|(place, c)| (place, Prob::new(u128::from(c), runs))))
        })
        .collect();
    (first, places)
}

/// A line of the cast as its place part names it: one contender, or a group of alike ones.
pub struct Line {
    pub part: String,
    pub title: String,
    /// A contender of the line: all of them have its odds.
    pub member: usize,
}

impl Line {
    /// One contender: part `place: NAME` (no name has a colon, so no part is named alike).
    pub fn one(name: &str, member: usize) -> Line {
        Line { part: format!("place: {name}"), title: format!("{name}: place"), member }
    }

    /// A group of `count` alike contenders written `NAME*COUNT`, `member` one of them.
    pub fn group(name: &str, count: usize, member: usize) -> Line {
        if count == 1 {
            return Line::one(name, member);
        }
        Line { part: format!("place: {name}*{count}"), title: format!("{name} 1–{count} (each): place"), member }
    }
}

/// Said when a cast is too large for every contender's place to be listed.
pub const PLACES_NOT_LISTED: &str = "too many contenders to list each one's place; showing who acts first";

/// Pushes one part per line: the place of its members, `absent` naming not taking part.
pub fn push_places(odds: &mut Odds, places: &Places, lines: &[Line], absent: &str) {
    for line in lines {
        odds.push(Some(&line.part), line.title.clone(), places.of(line.member), places.method, |place| match place {
            Some(p) => (Some(*p), ordinal(*p)),
            None => (None, absent.to_string()),
        });
    }
}

/// `∫₀¹ Π (behind + level·u)^m du` over the outcomes: the chance that the level contenders all
/// lose the roll-off to one of them, u being its own tie-breaker.
fn level_integral(levels: &[(Versus, usize)]) -> Frac {
    match levels {
        [] => Frac::one(),
        [(v, m)] => {
            // ((behind + level)^(m+1) − behind^(m+1)) / ((m + 1)·level) over outcomes^m.
            let e = *m as u32 + 1;
            let num = (&v.behind + &v.level).pow(e) - v.behind.pow(e);
            let den = v.outcomes.pow(*m as u32) * BigUint::from(*m + 1) * &v.level;
            Frac { num: vec![num], den }
        }
        _ => {
            let mut poly = Frac::one();
            for (v, m) in levels {
                poly = poly.times(&Frac { num: binomial(&v.behind, &v.level, *m), den: v.outcomes.pow(*m as u32) });
            }
            let common = (1..=poly.num.len()).fold(BigUint::one(), |acc, k| acc.lcm(&BigUint::from(k)));
            let num = poly.num.iter().enumerate().map(|(j, c)| c * (&common / BigUint::from(j + 1))).sum();
            Frac { num: vec![num], den: poly.den * common }
        }
    }
}

/// A place as words: `1st`, `2nd`, `11th`, `23rd`.
pub fn ordinal(place: usize) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

#[cfg(test)]
mod tests;
