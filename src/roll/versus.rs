//! `EXPR vs N`: a roll against a number, as the ruleset reads one. A d20 attack or check
//! hits when its total reaches N, a natural 20 always hitting (a critical) and a natural 1
//! always missing; a success roll is 3d6 at or under N, by a margin, with the Basic Set's
//! criticals. The exact chance of each result, and of each number of hits over `NxEXPR`.

use crate::dice::Versus;
use crate::dice::expr::odds::{Exact, Fuel, exact};
use crate::dice::expr::parse::{Faces, Node, Op, Term};
use crate::dice::expr::roll::Rolled;
use crate::prob::Prob;
use num_bigint::BigUint;
use num_traits::Zero;
use serde::Serialize;

/// What a roll is tested as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    /// A d20 attack or check; `term`: the d20's term, in the order terms roll.
    D20 { term: usize },
    /// A success roll: 3d6 at or under the number.
    Success,
}

/// How a roll met its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Verdict {
    D20 { natural: i64, hit: bool, critical: bool },
    Success { margin: i64, success: bool, critical: bool },
}

impl Verdict {
    /// It hit, or succeeded.
    pub fn met(&self) -> bool {
        match *self {
            Verdict::D20 { hit, .. } => hit,
            Verdict::Success { success, .. } => success,
        }
    }

    /// `hit`, `critical hit (natural 20)`, `success by 3`, `critical failure by 9`…
    pub fn words(&self) -> String {
        match *self {
            Verdict::D20 { critical: true, .. } => "critical hit (natural 20)".to_string(),
            Verdict::D20 { hit: true, .. } => "hit".to_string(),
            Verdict::D20 { natural: 1, .. } => "miss (natural 1)".to_string(),
            Verdict::D20 { .. } => "miss".to_string(),
            Verdict::Success { margin, success, critical } => {
                let what = if success { "success" } else { "failure" };
                let critical = if critical { "critical " } else { "" };
                format!("{critical}{what} by {}", margin.abs())
            }
        }
    }
}

/// What `vs` tests `node` as under a ruleset whose players roll `versus`, or why it cannot
/// (the message says RULES where the ruleset's id goes, and a hint).
pub fn test(node: &Node, versus: Versus) -> Result<Test, (String, &'static str)> {
    if versus == Versus::Pool {
        return Err((
            "under RULES, vs has no meaning: a pool counts its successes, with no number to meet".to_string(),
            "roll the pool and read its successes: 7d10>=8, or 7d10>=8! for 10-again",
        ));
    }
    // 3d6 alone is a success roll under any ruleset that rolls against numbers.
    if let Node::Dice(t) = node
        && plain(t)
        && t.count == 3
        && t.faces == Faces::Numbered(6)
    {
        return Ok(Test::Success);
    }
    if versus == Versus::Under3d6 {
        return Err((
            "under RULES, vs is a success roll: 3d6 alone against the skill".to_string(),
            "put the modifiers on the skill: 3d vs 12, 3d6 vs 14",
        ));
    }
    let d20: Vec<usize> =
        node.terms().iter().enumerate().filter(|(_, t)| t.faces == Faces::Numbered(20)).map(|(i, _)| i).collect();
    let usable = match d20.as_slice() {
        [term] => {
            let t = node.terms()[*term];
            t.keep.is_none_or(|k| k.count == 1)
                && t.explode.is_none()
                && t.success.is_none()
                && t.min.is_none()
                && t.max.is_none()
                && (t.count == 1 || t.keep.is_some())
                && added(node, *term)
        }
        _ => false,
    };
    if !usable {
        return Err((
            "vs needs one d20 added to the rest (an attack or a check), or 3d6 alone (a success roll)".to_string(),
            "such as 1d20+5 vs 15, 1d20+5 adv vs 15, 2d20kh1+3 vs 12 or 3d6 vs 12",
        ));
    }
    Ok(Test::D20 { term: d20[0] })
}

/// A term with no modifier.
fn plain(t: &Term) -> bool {
    t.keep.is_none()
        && t.explode.is_none()
        && t.reroll.is_none()
        && t.success.is_none()
        && t.min.is_none()
        && t.max.is_none()
}

/// Whether the `index`-th term is added to the rest of `node` (not subtracted, multiplied,
/// grouped): then the rest can be taken apart from it.
fn added(node: &Node, index: usize) -> bool {
    fn walk(node: &Node, index: usize, seen: &mut usize, positive: bool) -> Option<bool> {
        match node {
            Node::Dice(_) => {
                *seen += 1;
                (*seen == index + 1).then_some(positive)
            }
            Node::Label(a, _) => walk(a, index, seen, positive),
            Node::Bin(Op::Add, a, b) => walk(a, index, seen, positive).or_else(|| walk(b, index, seen, positive)),
            Node::Bin(Op::Sub, a, b) => walk(a, index, seen, positive).or_else(|| walk(b, index, seen, false)),
            other => {
                *seen += other.terms().len();
                (*seen > index).then_some(false)
            }
        }
    }
    walk(node, index, &mut 0, true) == Some(true)
}

/// `node` with its `index`-th term taken out (0 in its place).
fn without(node: &Node, index: usize) -> Node {
    fn walk(node: &Node, index: usize, seen: &mut usize) -> Node {
        match node {
            Node::Dice(_) => {
                *seen += 1;
                if *seen == index + 1 { Node::Const(0) } else { node.clone() }
            }
            Node::Label(a, l) => Node::Label(Box::new(walk(a, index, seen)), l.clone()),
            Node::Neg(a) => Node::Neg(Box::new(walk(a, index, seen))),
            Node::Bin(op, a, b) => {
                let a = walk(a, index, seen);
                Node::Bin(*op, Box::new(a), Box::new(walk(b, index, seen)))
            }
            other => {
                *seen += other.terms().len();
                other.clone()
            }
        }
    }
    walk(node, index, &mut 0)
}

/// `node` with only its `index`-th term.
fn only(node: &Node, index: usize) -> Node {
    Node::Dice(Box::new(node.terms()[index].clone()))
}

/// Judges one roll of the test against `target`.
pub fn judge(test: Test, target: i64, rolled: &Rolled) -> Verdict {
    match test {
        Test::D20 { term } => {
            let span = &rolled.terms[term];
            let natural = rolled.dice[span.dice.clone()].iter().find(|d| d.kept && !d.rerolled).map_or(0, |d| d.value);
            d20(natural, rolled.total, target)
        }
        Test::Success => success(rolled.total, target),
    }
}

/// OSE, SRD 5.1 and 5.2: an attack hits when it reaches the number; a natural 20 always hits
/// (5e: a critical), a natural 1 always misses.
fn d20(natural: i64, total: i64, target: i64) -> Verdict {
    let hit = natural == 20 || natural != 1 && total >= target;
    Verdict::D20 { natural, hit, critical: natural == 20 }
}

/// B343, B348: 3d6 at or under the skill succeeds; 3 and 4 always succeed and are critical, 5
/// is critical at skill 15+, 6 at 16+; 17 and 18 always fail, 18 critically, 17 critically
/// unless the skill is 16+, and so does a roll 10 or more over the skill.
fn success(roll: i64, skill: i64) -> Verdict {
    let success = roll <= 4 || roll <= 16 && roll <= skill;
    let critical = if success {
        roll <= 4 || roll == 5 && skill >= 15 || roll == 6 && skill >= 16
    } else {
        roll == 18 || roll == 17 && skill < 16 || roll >= skill + 10
    };
    Verdict::Success { margin: skill - roll, success, critical }
}

/// One part of the odds: its name and each outcome (as data and in words) with its chance.
pub struct OddsPart {
    pub part: &'static str,
    pub entries: Vec<(TestOutcome, String, Prob)>,
}

/// An outcome of a roll against a number, as data: what one roll came to, or a number (a
/// margin, a count of hits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TestOutcome {
    Result(&'static str),
    Number(i64),
}

impl TestOutcome {
    pub fn is_number(self) -> bool {
        matches!(self, TestOutcome::Number(_))
    }
}

/// Most words the exact chances of hits over repetitions may hold (64 MiB).
const MAX_WORDS: u64 = 8_000_000;

/// The exact odds of `test` against `target`, each roll's and, over `repeat` rolls, of the
/// number that hit; `None` when working it out would pass the budget (refused before the work).
pub fn odds(test: Test, target: i64, node: &Node, repeat: Option<u32>) -> Result<Vec<OddsPart>, String> {
    let mut fuel = Fuel::new();
    let fail = |_| "working it out exactly would take more than fray allows".to_string();
    let mut results: Vec<(Verdict, Prob)> = Vec::new();
    let add = |v: Verdict, p: Prob, results: &mut Vec<(Verdict, Prob)>| {
        // Merged by what the text says, which is what the outcome is.
        let named = key(&v);
        match results.iter_mut().find(|(w, _)| key(w) == named) {
            Some((_, q)) => *q = q.add(&p),
            None => results.push((v, p)),
        }
    };
    let mut margins: Vec<(i64, Prob)> = Vec::new();
    match test {
        Test::D20 { term } => {
            let naturals = exact(&only(node, term), &mut fuel).map_err(fail)?;
            let rest = exact(&without(node, term), &mut fuel).map_err(fail)?;
            if rest.exact_to.is_some() {
                return Err("the rest of the roll can explode without end".to_string());
            }
            let rest_total = tail_sums(&rest);
            for (natural, w) in &naturals.outcomes {
                let p = Prob::ratio(w, &naturals.den);
                // The chance the rest brings the total to the number: P(rest ≥ target − natural).
                let need = target - natural;
                let reach = at_least(&rest, &rest_total, need);
                let (hit, miss) = if *natural == 20 {
                    (p.clone(), Prob::zero())
                } else if *natural == 1 {
                    (Prob::zero(), p.clone())
                } else {
                    (p.mul(&reach), p.mul(&Prob::one().sub(&reach)))
                };
                if !hit.is_zero() {
                    add(Verdict::D20 { natural: *natural, hit: true, critical: *natural == 20 }, hit, &mut results);
                }
                if !miss.is_zero() {
                    add(Verdict::D20 { natural: *natural, hit: false, critical: false }, miss, &mut results);
                }
            }
        }
        Test::Success => {
            let rolls = exact(node, &mut fuel).map_err(fail)?;
            for (roll, w) in &rolls.outcomes {
                let p = Prob::ratio(w, &rolls.den);
                let v = success(*roll, target);
                margins.push((target - roll, p.clone()));
                add(v, p, &mut results);
            }
            margins.reverse();
        }
    }
    results.sort_by_key(|(v, _)| order(v));
    let mut parts = vec![OddsPart {
        part: "each roll",
        entries: results.iter().map(|(v, p)| (TestOutcome::Result(key(v)), outcome_words(v), p.clone())).collect(),
    }];
    if !margins.is_empty() && repeat.is_none() {
        parts.push(OddsPart {
            part: "margin",
            entries: margins.iter().map(|(m, p)| (TestOutcome::Number(*m), m.to_string(), p.clone())).collect(),
        });
    }
    if let Some(n) = repeat {
        let met = results.iter().filter(|(v, _)| v.met()).fold(Prob::zero(), |a, (_, p)| a.add(p));
        let (name, word) = if test == Test::Success { ("successes", "successes") } else { ("hits", "hits") };
        parts.push(OddsPart { part: name, entries: binomial(&met, n, word)? });
        if let Test::D20 { .. } = test {
            let critical = results.iter().filter(|(v, _)| matches!(v, Verdict::D20 { critical: true, .. }));
            let critical = critical.fold(Prob::zero(), |a, (_, p)| a.add(p));
            parts.push(OddsPart { part: "criticals", entries: binomial(&critical, n, "criticals")? });
        }
    }
    Ok(parts)
}

/// The outcome's name in JSON and `-q`: `critical`, `hit`, `miss`, `natural 1`, `success`…
pub fn key(v: &Verdict) -> &'static str {
    match *v {
        Verdict::D20 { critical: true, .. } => "critical",
        Verdict::D20 { hit: true, .. } => "hit",
        Verdict::D20 { natural: 1, .. } => "natural 1",
        Verdict::D20 { .. } => "miss",
        Verdict::Success { success: true, critical: true, .. } => "critical success",
        Verdict::Success { success: true, .. } => "success",
        Verdict::Success { critical: true, .. } => "critical failure",
        Verdict::Success { .. } => "failure",
    }
}

fn outcome_words(v: &Verdict) -> String {
    match key(v) {
        "critical" => "critical hit (natural 20)".to_string(),
        "natural 1" => "miss (natural 1)".to_string(),
        key => key.to_string(),
    }
}

/// Best first.
fn order(v: &Verdict) -> u8 {
    match key(v) {
        "critical" | "critical success" => 0,
        "hit" | "success" => 1,
        "miss" | "failure" => 2,
        _ => 3,
    }
}

/// Σ of the ways from each outcome up: `sums[i]` the ways of outcomes i.. of `e`.
fn tail_sums(e: &Exact) -> Vec<BigUint> {
    let mut sums = vec![BigUint::default(); e.outcomes.len() + 1];
    for i in (0..e.outcomes.len()).rev() {
        sums[i] = &sums[i + 1] + &e.outcomes[i].1;
    }
    sums
}

/// P(total of `e` ≥ `need`).
fn at_least(e: &Exact, sums: &[BigUint], need: i64) -> Prob {
    let from = e.outcomes.partition_point(|(v, _)| *v < need);
    Prob::ratio(&sums[from], &e.den)
}

/// The chance of each number of `n` rolls meeting a chance `p`: C(n,k)·a^k·(d−a)^(n−k) / d^n,
/// each count's ways from the last; refused before the work when its numbers would pass the
/// budget.
fn binomial(p: &Prob, n: u32, word: &str) -> Result<Vec<(TestOutcome, String, Prob)>, String> {
    let (a, d) = p.parts();
    let bits = d.bits() as f64 * f64::from(n);
    if bits / 64.0 * (f64::from(n) + 1.0) > MAX_WORDS as f64 {
        return Err(format!("the chance of each number of {word} over {n} rolls has numbers too long to work out"));
    }
    let miss = &d - &a;
    let den = num_traits::pow(d.clone(), n as usize);
    let mut term = num_traits::pow(miss.clone(), n as usize);
    let mut out = Vec::with_capacity(n as usize + 1);
    for k in 0..=n {
        let said = if k == 1 { word.trim_end_matches("es").trim_end_matches('s') } else { word };
        let said = if k == 1 && word == "successes" { "success" } else { said };
        out.push((TestOutcome::Number(i64::from(k)), format!("{k} {said}"), Prob::ratio(&term, &den)));
        if k < n && !miss.is_zero() {
            term = term * BigUint::from(n - k) * &a / (BigUint::from(k + 1) * &miss);
        } else if k < n {
            term = if k + 1 == n { num_traits::pow(a.clone(), n as usize) } else { BigUint::default() };
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn success_rolls_follow_the_basic_set_criticals() {
        // (roll, skill) → (success, critical)
        for (roll, skill, ok, critical) in [
            (3, 3, true, true),
            (4, -2, true, true),
            (5, 14, true, false),
            (5, 15, true, true),
            (6, 15, true, false),
            (6, 16, true, true),
            (12, 12, true, false),
            (13, 12, false, false),
            (16, 20, true, false),
            (17, 16, false, false),
            (17, 15, false, true),
            (18, 30, false, true),
            (15, 5, false, true),
            (14, 5, false, false),
        ] {
            let v = success(roll, skill);
            assert_eq!(
                (v.met(), matches!(v, Verdict::Success { critical: true, .. })),
                (ok, critical),
                "{roll} vs {skill}"
            );
        }
    }

    #[test]
    fn a_natural_20_hits_and_a_natural_1_misses() {
        assert_eq!(d20(20, 21, 30), Verdict::D20 { natural: 20, hit: true, critical: true });
        assert_eq!(d20(1, 40, 10), Verdict::D20 { natural: 1, hit: false, critical: false });
        assert!(d20(10, 15, 15).met() && !d20(10, 14, 15).met());
    }
}
