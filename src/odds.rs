//! Exact odds: a distribution type, the enumerating twin of [`Dice`], and the report that
//! `--odds` prints.
//!
//! A rule is a function of a `&mut dyn Dice`. [`enumerate`] runs it once per distinct
//! path through its dice: each primitive call is a branch over that primitive's distinct
//! results (the totals of 2d6, the orders of a roll-off, the success counts of a ruleset's
//! draw such as a Storytelling pool), and
//! the script of choices is replayed and advanced depth-first, weighting each path by the
//! product of its branches' exact probabilities. Multi-step procedures are chained with
//! [`Dist::and_then`], which merges equal intermediate states, so a long procedure stays small.
//! Loops that could run forever are capped inside the rules themselves (and reported as an
//! outcome of their own when the cap is reached), so every enumeration ends.

use crate::dice::{Dice, Draw, MAX_ROLL_DICE, Roll, RollOff, SeededDice};
use crate::prob::Prob;
use serde::Serialize;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A finite distribution: distinct outcomes in order, each with its exact probability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dist<T> {
    outcomes: Vec<(T, Prob)>,
}

impl<T: Ord + Clone> Dist<T> {
    /// The certain outcome `value`.
    pub fn point(value: T) -> Dist<T> {
        Dist { outcomes: vec![(value, Prob::one())] }
    }

    /// Builds a distribution, merging equal outcomes and dropping impossible ones.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (T, Prob)>) -> Dist<T> {
        let mut merged: BTreeMap<T, Prob> = BTreeMap::new();
        for (value, p) in pairs {
            if p.is_zero() {
                continue;
            }
            match merged.get_mut(&value) {
                Some(sum) => *sum = sum.add(&p),
                None => {
                    merged.insert(value, p);
                }
            }
        }
        Dist { outcomes: merged.into_iter().collect() }
    }

    pub fn iter(&self) -> impl Iterator<Item = &(T, Prob)> {
        self.outcomes.iter()
    }

    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    pub fn map<U: Ord + Clone>(&self, mut f: impl FnMut(&T) -> U) -> Dist<U> {
        Dist::from_pairs(self.outcomes.iter().map(|(v, p)| (f(v), p.clone())))
    }

    /// Runs the next step from every outcome and merges what it leads to.
    pub fn and_then<U: Ord + Clone>(&self, mut f: impl FnMut(&T) -> Dist<U>) -> Dist<U> {
        let mut pairs = Vec::new();
        for (value, p) in &self.outcomes {
            for (next, q) in f(value).outcomes {
                pairs.push((next, p.mul(&q)));
            }
        }
        Dist::from_pairs(pairs)
    }

    /// The probability of the outcomes that satisfy `pred`.
    pub fn prob(&self, mut pred: impl FnMut(&T) -> bool) -> Prob {
        Prob::sum(self.outcomes.iter().filter(|(v, _)| pred(v)).map(|(_, p)| p))
    }

    pub fn total(&self) -> Prob {
        Prob::sum(self.outcomes.iter().map(|(_, p)| p))
    }
}

/// The number of dice paths [`enumerate`] walks before it gives up for a simulation.
pub const PATH_BUDGET: usize = 200_000;

/// The enumeration would take more than [`PATH_BUDGET`] paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge;

/// Every outcome of `run` with its exact probability, or [`TooLarge`].
pub fn enumerate<T: Ord + Clone>(run: impl FnMut(&mut dyn Dice) -> T) -> Result<Dist<T>, TooLarge> {
    enumerate_within(run, PATH_BUDGET)
}

/// [`enumerate`] giving up after `budget` paths.
pub fn enumerate_within<T: Ord + Clone>(
    mut run: impl FnMut(&mut dyn Dice) -> T,
    budget: usize,
) -> Result<Dist<T>, TooLarge> {
    let mut replay = Replay::default();
    let mut merged: BTreeMap<T, Prob> = BTreeMap::new();
    let mut paths = 0usize;
    loop {
        replay.pos = 0;
        replay.weight = Prob::one();
        let value = run(&mut replay);
        paths += 1;
        if replay.oversize || paths > budget {
            return Err(TooLarge);
        }
        match merged.get_mut(&value) {
            Some(sum) => *sum = sum.add(&replay.weight),
            None => {
                merged.insert(value, replay.weight.clone());
            }
        }
        if !replay.advance() {
            break;
        }
    }
    Ok(Dist { outcomes: merged.into_iter().filter(|(_, p)| !p.is_zero()).collect() })
}

/// Estimates the distribution of `run` from `trials` seeded runs.
pub fn simulate<T: Ord + Clone>(mut run: impl FnMut(&mut dyn Dice) -> T, trials: u64, seed: u64) -> Dist<T> {
    let mut dice = SeededDice::new(seed);
    let mut counts: BTreeMap<T, u64> = BTreeMap::new();
    for _ in 0..trials {
        *counts.entry(run(&mut dice)).or_default() += 1;
    }
    let trials = u128::from(trials.max(1));
    Dist { outcomes: counts.into_iter().map(|(v, c)| (v, Prob::new(u128::from(c), trials))).collect() }
}

/// Test support: an odds answer checked against the rolling code itself, walked path by path.
///
/// Where an `*_odds` function composes its answer (chaining steps, a closed form, a count of
/// equally likely outcomes) instead of enumerating the rule in one go, its tests walk the rule
/// that rolls — every die of every step, with no budget — and require the same fractions.
#[cfg(test)]
pub mod brute {
    use super::*;

    /// Every outcome of `run` with its exact probability, walking every path of its dice.
    /// For small casts only: there is no budget.
    pub fn walk<T: Ord + Clone>(run: impl FnMut(&mut dyn Dice) -> T) -> Dist<T> {
        enumerate_within(run, usize::MAX).expect("a roll-off of at most 10 contenders")
    }

    /// One part of an odds answer: each entry's outcome data (as JSON text) with its probability.
    pub fn part(odds: &Odds, part: Option<&str>) -> Dist<String> {
        let heading = odds.parts.iter().filter(|p| p.part.as_deref() == part).count();
        assert_eq!(heading, 1, "the odds have one part {part:?}: {:?}", odds.parts);
        Dist::from_pairs(
            odds.entries.iter().filter(|e| e.part.as_deref() == part).map(|e| (e.data().to_string(), e.prob.clone())),
        )
    }

    /// Asserts that `part` of `odds` is exact and gives every outcome exactly the probability
    /// that `walked` (the rolling code, walked) gives it, once mapped to outcome data.
    #[track_caller]
    pub fn assert_part<T: Ord + Clone>(
        odds: &Odds,
        part: Option<&str>,
        walked: &Dist<T>,
        outcome: impl Fn(&T) -> serde_json::Value,
    ) {
        assert!(odds.exact(), "the odds are exact");
        let expected = walked.map(|v| outcome(v).to_string());
        assert_eq!(expected.total(), Prob::one());
        assert_eq!(self::part(odds, part), expected, "part {part:?}: the odds (left) against the rolling code walked");
    }
}

/// How an odds answer was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    /// `None`: exact; `Some(n)`: estimated from `n` seeded runs.
    pub trials: Option<u64>,
    pub seed: u64,
}

impl Method {
    /// An exact answer.
    pub fn exact(fallback: Fallback) -> Method {
        Method { trials: None, seed: fallback.seed }
    }

    /// Takes in how another piece of the same answer was reached: the answer is exact only
    /// while every piece of it is.
    pub fn absorb(&mut self, other: Method) {
        if other.trials.is_some() {
            self.trials = self.trials.max(other.trials);
            self.seed = other.seed;
        }
    }
}

/// Settings for the simulation fallback.
#[derive(Clone, Copy, Debug)]
pub struct Fallback {
    pub seed: u64,
    pub trials: u64,
}

/// The exact distribution of `run` when it is small enough, else an estimate.
pub fn exact_or_estimate<T: Ord + Clone>(
    mut run: impl FnMut(&mut dyn Dice) -> T,
    fallback: Fallback,
) -> (Dist<T>, Method) {
    match enumerate(&mut run) {
        Ok(dist) => (dist, Method { trials: None, seed: fallback.seed }),
        Err(TooLarge) => (
            simulate(run, fallback.trials, fallback.seed),
            Method { trials: Some(fallback.trials), seed: fallback.seed },
        ),
    }
}

/// [`exact_or_estimate`] for one piece of a longer answer: an estimate is recorded in `method`.
pub fn dist_of<T: Ord + Clone>(
    run: impl FnMut(&mut dyn Dice) -> T,
    fallback: Fallback,
    method: &mut Method,
) -> Dist<T> {
    let (dist, m) = exact_or_estimate(run, fallback);
    method.absorb(m);
    dist
}

/// The distinct totals of a roll with their probabilities.
type SumTable = Vec<(u32, Prob)>;

#[derive(Default)]
struct Replay {
    script: Vec<Branch>,
    pos: usize,
    weight: Prob,
    oversize: bool,
    /// The distinct totals of each (count, sides) rolled so far.
    sums: Vec<((u32, u32), SumTable)>,
    /// The chances of each ruleset's draw rolled so far, by its key.
    draws: Vec<((&'static str, i64), Vec<Prob>)>,
}

impl Default for Prob {
    fn default() -> Prob {
        Prob::one()
    }
}

struct Branch {
    taken: usize,
    options: usize,
}

impl Replay {
    /// The branch to take at the next choice point, which has `options` ways to go.
    fn choose(&mut self, options: usize) -> usize {
        let taken = match self.script.get(self.pos) {
            Some(branch) => branch.taken,
            None => {
                self.script.push(Branch { taken: 0, options });
                0
            }
        };
        self.pos += 1;
        taken
    }

    /// Moves the script to the next path; false when every path has been walked.
    fn advance(&mut self) -> bool {
        self.script.truncate(self.pos);
        while let Some(last) = self.script.last_mut() {
            if last.taken + 1 < last.options {
                last.taken += 1;
                return true;
            }
            self.script.pop();
        }
        false
    }

    fn sums(&mut self, count: u32, sides: u32) -> usize {
        if let Some(i) = self.sums.iter().position(|(key, _)| *key == (count, sides)) {
            return i;
        }
        self.sums.push(((count, sides), sum_distribution(count, sides)));
        self.sums.len() - 1
    }

    fn draws(&mut self, draw: &dyn Draw) -> usize {
        let key = draw.key();
        if let Some(i) = self.draws.iter().position(|(k, _)| *k == key) {
            return i;
        }
        self.draws.push((key, draw.chances()));
        self.draws.len() - 1
    }
}

impl Dice for Replay {
    fn roll(&mut self, count: u32, sides: u32) -> Roll {
        let count = count.min(MAX_ROLL_DICE as u32);
        let table = self.sums(count, sides);
        let options = self.sums[table].1.len();
        let taken = self.choose(options);
        let (total, p) = self.sums[table].1[taken].clone();
        self.weight = self.weight.mul(&p);
        representative_roll(count, sides, total)
    }

    fn roll_off(&mut self, contenders: usize, sides: u32) -> RollOff {
        // More than 10 tied contenders is 3.6 million orders: leave it to the simulation.
        if contenders > 10 {
            self.oversize = true;
            return RollOff { sides, rounds: Vec::new(), order: (0..contenders).collect() };
        }
        let orders = factorial(contenders);
        let taken = self.choose(orders);
        self.weight = self.weight.mul(&Prob::new(1, orders as u128));
        RollOff { sides, rounds: Vec::new(), order: nth_permutation(contenders, taken) }
    }

    fn draw(&mut self, draw: &mut dyn Draw) {
        let table = self.draws(draw);
        let options = self.draws[table].1.len();
        let taken = self.choose(options);
        let p = self.draws[table].1[taken].clone();
        self.weight = self.weight.mul(&p);
        draw.take(taken);
    }
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// The `index`-th permutation of `0..n` in lexicographic order.
fn nth_permutation(n: usize, mut index: usize) -> Vec<usize> {
    let mut left: Vec<usize> = (0..n).collect();
    let mut order = Vec::with_capacity(n);
    for k in (0..n).rev() {
        let block = factorial(k);
        order.push(left.remove(index / block));
        index %= block;
    }
    order
}

/// The distinct totals of `count`d`sides` with their exact probabilities.
pub fn sum_distribution(count: u32, sides: u32) -> Vec<(u32, Prob)> {
    // ways[t] = the number of face sequences summing to t.
    let mut ways: Vec<u128> = vec![1];
    for _ in 0..count {
        let mut next = vec![0u128; ways.len() + sides as usize];
        for (t, &w) in ways.iter().enumerate() {
            for face in 1..=sides as usize {
                next[t + face] += w;
            }
        }
        ways = next;
    }
    let all = u128::from(sides).pow(count);
    ways.into_iter().enumerate().filter(|&(_, w)| w > 0).map(|(t, w)| (t as u32, Prob::new(w, all))).collect()
}

/// One arrangement of faces with the given total, for display in enumerated paths.
fn representative_roll(count: u32, sides: u32, total: u32) -> Roll {
    let mut faces = [1u32; MAX_ROLL_DICE];
    let mut extra = total.saturating_sub(count);
    for face in &mut faces[..count as usize] {
        let add = extra.min(sides - 1);
        *face += add;
        extra -= add;
    }
    Roll::new(sides, &faces[..count as usize])
}

/// The outcome of an odds entry as data (a number, a name, a list of names, a small record…),
/// kept as the rule's own type until a document writes it.
pub trait Outcome: erased_serde::Serialize + std::fmt::Debug {}

impl<T: Serialize + std::fmt::Debug> Outcome for T {}

erased_serde::serialize_trait_object!(Outcome);

/// One line of an odds answer.
#[derive(Clone, Debug)]
pub struct OddsEntry {
    /// Which question this answers when a command answers several.
    pub part: Option<String>,
    /// The outcome as data.
    pub outcome: Rc<dyn Outcome>,
    /// The outcome in words, for text output.
    pub label: String,
    pub prob: Prob,
}

impl OddsEntry {
    /// The outcome as JSON text: equal outcomes give equal text.
    pub fn outcome_text(&self) -> String {
        serde_json::to_string(&*self.outcome).expect("an outcome is plain data")
    }

    /// The outcome as a JSON value, for tests to compare.
    #[cfg(test)]
    pub fn data(&self) -> serde_json::Value {
        serde_json::to_value(&*self.outcome).expect("an outcome is plain data")
    }
}

/// A heading in text output, one per part.
#[derive(Clone, Debug)]
pub struct OddsPart {
    pub part: Option<String>,
    pub title: String,
    /// Where its entries lie in [`Odds::entries`]: each part's entries are pushed together.
    pub entries: std::ops::Range<usize>,
}

/// Everything `--odds` prints for one command.
#[derive(Clone, Debug, Default)]
pub struct Odds {
    pub parts: Vec<OddsPart>,
    pub entries: Vec<OddsEntry>,
    /// Set when any part was estimated by simulation: the number of runs.
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    /// Sentences that qualify the answer (a cap reached, a lumped remainder…).
    pub notes: Vec<String>,
}

impl Odds {
    pub fn exact(&self) -> bool {
        self.trials.is_none()
    }

    /// Adds a part: each outcome of `dist` described as `(data, words)`.
    pub fn push<T: Ord + Clone, O: Outcome + 'static>(
        &mut self,
        part: Option<&str>,
        title: impl Into<String>,
        dist: &Dist<T>,
        method: Method,
        mut describe: impl FnMut(&T) -> (O, String),
    ) {
        if method.trials.is_some() {
            self.trials = self.trials.max(method.trials);
            self.seed = Some(method.seed);
        }
        let start = self.entries.len();
        for (value, p) in dist.iter() {
            let (outcome, label) = describe(value);
            let outcome: Rc<dyn Outcome> = Rc::new(outcome);
            self.entries.push(OddsEntry { part: part.map(str::to_string), outcome, label, prob: p.clone() });
        }
        let entries = start..self.entries.len();
        self.parts.push(OddsPart { part: part.map(str::to_string), title: title.into(), entries });
    }

    /// Adds a part whose outcomes say themselves: each outcome of `dist` as data, written out
    /// in words by its `Display`.
    pub fn push_shown<T: Ord + Clone, O: Outcome + std::fmt::Display + 'static>(
        &mut self,
        part: Option<&str>,
        title: impl Into<String>,
        dist: &Dist<T>,
        method: Method,
        mut outcome: impl FnMut(&T) -> O,
    ) {
        self.push(part, title, dist, method, |value| {
            let outcome = outcome(value);
            let label = outcome.to_string();
            (outcome, label)
        });
    }

    pub fn note(&mut self, sentence: impl Into<String>) {
        self.notes.push(sentence.into());
    }

    /// The entries of one part, in order.
    pub fn entries_of(&self, part: &OddsPart) -> &[OddsEntry] {
        self.entries.get(part.entries.clone()).unwrap_or(&[])
    }

    /// The 95% margin of error of an estimated probability `p`.
    pub fn margin(&self, p: f64) -> Option<f64> {
        self.trials.map(|n| 1.96 * (p * (1.0 - p) / n as f64).sqrt())
    }
}

/// The JSON/YAML shape of one entry (SPEC §4).
#[derive(Serialize)]
pub struct EntryDoc<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<&'a str>,
    pub outcome: &'a dyn Outcome,
    pub label: &'a str,
    pub probability: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fraction: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
}

impl Odds {
    pub fn entry_docs(&self) -> Vec<EntryDoc<'_>> {
        self.entries
            .iter()
            .map(|e| {
                let probability = e.prob.to_f64();
                EntryDoc {
                    part: e.part.as_deref(),
                    outcome: &*e.outcome,
                    label: &e.label,
                    probability,
                    fraction: self.exact().then(|| e.prob.to_string()),
                    margin: self.margin(probability),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_of_two_d6_are_the_triangle() {
        let dist = sum_distribution(2, 6);
        let seven = dist.iter().find(|(t, _)| *t == 7).map(|(_, p)| p.to_string());
        assert_eq!(seven.as_deref(), Some("1/6"));
        assert_eq!(dist.len(), 11);
        assert_eq!(Prob::sum(dist.iter().map(|(_, p)| p)), Prob::one());
    }

    #[test]
    fn enumeration_walks_every_branch_once() {
        let dist = enumerate(|d| {
            let a = d.roll(1, 6).total;
            if a <= 2 { d.roll(1, 4).total + 100 } else { a }
        })
        .unwrap();
        assert_eq!(dist.total(), Prob::one());
        assert_eq!(dist.prob(|&v| v > 100).to_string(), "1/3");
        assert_eq!(dist.prob(|&v| v == 101).to_string(), "1/12");
        assert_eq!(dist.len(), 8);
    }

    #[test]
    fn roll_offs_enumerate_every_order_evenly() {
        let dist = enumerate(|d| d.roll_off(3, 6).order).unwrap();
        assert_eq!(dist.len(), 6);
        assert!(dist.iter().all(|(_, p)| *p == Prob::new(1, 6)));
    }

    #[test]
    fn representative_faces_add_up() {
        for total in 3..=18 {
            let roll = representative_roll(3, 6, total);
            assert_eq!(roll.total, total);
            assert!(roll.faces().all(|f| (1..=6).contains(&f)));
        }
    }

    #[test]
    fn a_piece_too_large_to_walk_is_estimated_and_says_so() {
        let fallback = Fallback { seed: 3, trials: 2_000 };
        let mut method = Method::exact(fallback);
        let small = dist_of(|d| d.roll(1, 6).total, fallback, &mut method);
        assert_eq!((small.len(), method.trials), (6, None));
        // Eight d20s one by one: 20^8 paths, past the budget, so the answer is sampled, not made up.
        let large = dist_of(|d| (0..8).map(|_| d.roll(1, 20).total).sum::<u32>(), fallback, &mut method);
        assert_eq!(method.trials, Some(2_000));
        assert_eq!(large.total(), Prob::one());
        assert!(large.len() > 20);
        // An exact piece after an estimate leaves the answer an estimate.
        dist_of(|d| d.roll(1, 4).total, fallback, &mut method);
        assert_eq!(method.trials, Some(2_000));
    }

    #[test]
    fn budget_stops_huge_enumerations() {
        let result = enumerate(|d| (0..8).map(|_| d.roll(1, 20).total).sum::<u32>());
        assert_eq!(result, Err(TooLarge));
    }
}
