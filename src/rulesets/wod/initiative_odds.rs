//! The odds of the initiative order: who acts first and in what order, with delays, readied
//! and held actions and the surprised sitting out.

use super::{budgets::*, initiative::*, surprise::*};
use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds, PATH_BUDGET, enumerate, exact_or_estimate, simulate};
use crate::order::odds::{Line, PLACES_NOT_LISTED, Rival, Standings, push_places, standings};
use crate::prob::Prob;
use crate::rulesets::Rule;
use serde_json::json;
use std::cmp::Ordering;

pub(super) fn holders(input: &InitiativeInput) -> Vec<bool> {
    (0..input.fighters.len()).map(|i| input.move_of(i).is_some_and(|m| m.kind == MoveKind::Hold)).collect()
}

/// A full order for small casts, else just who comes first.
pub(super) fn order_key(order: &[usize], full: bool) -> Vec<usize> {
    if full { order.to_vec() } else { order.iter().copied().take(1).collect() }
}

pub(super) fn describe_order(
    input: &InitiativeInput,
    key: &[usize],
    full: bool,
    nobody: &str,
) -> (serde_json::Value, String) {
    let names: Vec<&str> = key.iter().map(|&i| input.fighters[i].name.as_str()).collect();
    match (names.first(), full) {
        (None, _) => (if full { json!([]) } else { json!(null) }, nobody.to_string()),
        (Some(first), false) => (json!(first), format!("{first} first")),
        (Some(_), true) => (json!(names), names.join(", then ")),
    }
}

/// Seeded runs for a fight too big to enumerate: fewer for bigger casts, so the answer
/// still comes back in about a second.
pub(super) fn trials(fallback: Fallback, combatants: usize) -> Fallback {
    let most = (SIMULATION_WORK / combatants.max(1) as u64).max(200);
    Fallback { seed: fallback.seed, trials: fallback.trials.min(most) }
}

/// The paths of `rollers` initiative d10s.
pub(super) fn d10_paths(rollers: usize) -> u128 {
    u32::try_from(rollers).ok().and_then(|r| 10u128.checked_pow(r)).unwrap_or(u128::MAX)
}

/// Enumerates `run` when `walk` says its dice make few enough paths, else simulates it.
pub(super) fn fight_dist<T: Ord + Clone>(
    walk: bool,
    combatants: usize,
    run: impl FnMut(&mut dyn Dice) -> T,
    fallback: Fallback,
) -> (Dist<T>, Method) {
    if walk {
        return exact_or_estimate(run, trials(fallback, combatants));
    }
    let fallback = trials(fallback, combatants);
    (simulate(run, fallback.trials, fallback.seed), Method { trials: Some(fallback.trials), seed: fallback.seed })
}

/// Delayed or readied actions move combatants on the rolled order, so the order is no longer
/// a ranking of independent totals.
pub(super) fn moved(input: &InitiativeInput) -> bool {
    input.moves.iter().any(|m| m.kind != MoveKind::Hold)
}

/// Most combatants tied together by delays and readied actions (movers and the anchors they
/// wait on), counting twice those whose staying in is itself uncertain (a surprise roll), for
/// which [`moved_first`] works out who stands first exactly: each is followed through both
/// ways it may go.
const MOVED_CHAINED: usize = 9;
/// Most combatants in all for that: the work grows with the cube of the cast.
const MOVED_CAST: usize = 24;
/// The same when some stay in only on a surprise roll's chance, whose long fractions cost more.
const MOVED_UNSURE_CAST: usize = 12;

/// A delay's or readied action's anchor; `None` for everyone else (holders keep their place in
/// the standing order).
fn anchor_of(m: Option<&Move>) -> Option<Anchor> {
    match m {
        Some(Move { kind: MoveKind::Delay | MoveKind::Ready, anchor, .. }) => *anchor,
        _ => None,
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
/// missing steps count as 0, as [`Moment`] does.
fn steps_cmp(a: &[i8], b: &[i8]) -> Ordering {
    let len = a.len().max(b.len());
    (0..len).map(|k| a.get(k).unwrap_or(&0).cmp(b.get(k).unwrap_or(&0))).find(|o| o.is_ne()).unwrap_or(Ordering::Equal)
}

/// Who acts first on the standing order with delayed and readied actions, among those who
/// stay in (each independently, with the chance `stays`); `None` (nobody) when none does.
/// `None` overall when the movers tie too many combatants together to work out exactly.
///
/// How the rolling code places them: a mover moves only when it stands above the moment it
/// waits for, so a moment starts from the rolled place of the lowest-placed combatant on the
/// chain from the mover down to its root (the first who does not move), followed by the steps,
/// before (−1) or after (+1), from there up the chain. Moments are compared by that place, then
/// step by step, and equal moments go by the tie rule. So the first who stays in stands on the
/// chain of some combatant `r`: everyone who stays in has someone on its chain placed at or
/// below `r`, and among those whose chain has `r` lowest, the earliest steps win. The rolled
/// ranking is by total, then the tie key, then a roll-off, which is as if each drew a uniform
/// `x`: given `r`'s total and draw, every other combatant stands above it independently, with a
/// chance linear in `x`. Those on no chain only need to sit out or stand below `r`; those on
/// chains are taken through every way of standing above or below `r` and staying in or not; the
/// product is integrated over `x`.
pub(super) fn moved_first(input: &InitiativeInput, stays: impl Fn(usize) -> Prob) -> Option<Dist<Option<usize>>> {
    let n = input.fighters.len();
    let moves = input.move_by_fighter();
    let anchors: Vec<Option<Anchor>> = moves.iter().map(|&m| anchor_of(m)).collect();
    let chains = chains_of(&anchors)?;
    let mut chained: Vec<usize> = (0..n).filter(|&i| chains[i].len() > 1).flat_map(|i| chains[i].clone()).collect();
    chained.sort_unstable();
    chained.dedup();
    let stay: Vec<Prob> = (0..n).map(&stays).collect();
    let unsure = |i: usize| !stay[i].is_zero() && stay[i] != Prob::one();
    let cast = if (0..n).any(unsure) { MOVED_UNSURE_CAST } else { MOVED_CAST };
    if n > cast || chained.len() + chained.iter().filter(|&&i| unsure(i)).count() > MOVED_CHAINED {
        return None;
    }
    let step = |i: usize| if matches!(anchors[i], Some(Anchor::After(_))) { 1i8 } else { -1 };
    let rivals = rivals(input, |_| Prob::one());
    let tie_break: Vec<i64> = input.fighters.iter().map(|f| i64::from(f.tie_break())).collect();
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
            lowest.add_total(*t, pt, &rivals, &shares, &mut chance);
        }
    }
    let nobody = stay.iter().fold(Prob::one(), |acc, s| acc.mul(&s.complement()));
    let pairs = chance.into_iter().enumerate().map(|(i, p)| (Some(i), p));
    Some(Dist::from_pairs(pairs.chain(std::iter::once((None, nobody))).filter(|(_, p)| !p.is_zero())))
}

/// Each combatant's chain, itself first, down to its root (the first who does not move);
/// `None` when an anchor names nobody or the chain loops.
fn chains_of(anchors: &[Option<Anchor>]) -> Option<Vec<Vec<usize>>> {
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

/// [`moved_first`]'s count for one combatant `r` whose rolled place is the lowest on the chain
/// of whoever comes first.
struct Lowest<'a> {
    r: usize,
    chains: &'a [Vec<usize>],
    stay: &'a [Prob],
    tie_break: &'a [i64],
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
        tie_break: &'a [i64],
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
                    match (u.cmp(&t), tie_break[j].cmp(&tie_break[*r])) {
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

/// Each fighter as the ranking odds see it: d10 + modifier (or the total given), the tie rule's
/// key, and the chance `acts` that it takes part.
pub(super) fn rivals(input: &InitiativeInput, acts: impl Fn(usize) -> Prob) -> Vec<Rival> {
    let d10 = crate::odds::sum_distribution(1, 10);
    input
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| Rival {
            totals: match f.given {
                Some(total) => vec![(i64::from(total), Prob::one())],
                None => d10.iter().map(|(face, p)| (i64::from(*face) + i64::from(f.modifier()), p.clone())).collect(),
            },
            keys: vec![i64::from(f.tie_break())],
            present: acts(i),
        })
        .collect()
}

/// The lines of the cast for place parts: a group's members (`Thug 1` to `Thug 3`, alike in
/// the roll) share one.
fn lines(input: &InitiativeInput, rivals: &[Rival]) -> Vec<Line> {
    let f = &input.fighters;
    let mut lines = Vec::new();
    let mut i = 0;
    while i < f.len() {
        let base = f[i].name.strip_suffix(" 1");
        let mut count = 1;
        if let Some(base) = base {
            while i + count < f.len()
                && rivals[i + count] == rivals[i]
                && f[i + count].name.strip_prefix(base).and_then(|k| k.strip_prefix(' '))
                    == Some(&(count + 1).to_string())
            {
                count += 1;
            }
        }
        lines.push(match base {
            Some(base) if count > 1 => Line::group(base, count, i),
            _ => Line::one(&f[i].name, i),
        });
        i += count;
    }
    lines
}

/// Each fighter's place in `order` (`None`: not in it).
pub(super) fn places_in(order: &[usize], n: usize) -> Vec<Option<usize>> {
    let mut places = vec![None; n];
    for (k, &i) in order.iter().enumerate() {
        places[i] = Some(k + 1);
    }
    places
}

pub(super) fn describe_first(
    input: &InitiativeInput,
    first: &Option<usize>,
    nobody: &str,
) -> (serde_json::Value, String) {
    match first {
        Some(i) => {
            let name = &input.fighters[*i].name;
            (json!(name), format!("{name} first"))
        }
        None => (serde_json::Value::Null, nobody.to_string()),
    }
}

/// Beyond three fighters without delays or readied actions: who acts first, who acts first in
/// round 1 when someone sits it out (`round_one`: the standings with the chance of acting in
/// round 1), and each fighter's place in the standing order.
pub(super) fn push_standings(
    odds: &mut Odds,
    input: &InitiativeInput,
    standing: Standings,
    round_one: Option<(Dist<RoundOne>, Method)>,
) {
    odds.push(Some("first"), "who acts first", &standing.first, standing.first_method, |f| {
        describe_first(input, f, "nobody")
    });
    if let Some((first, method)) = round_one {
        push_round_one_first(odds, input, &first, method);
    }
    match standing.places {
        Some(places) => push_places(odds, &places, &lines(input, &rivals(input, |_| Prob::one())), "not in the order"),
        None => odds.note(PLACES_NOT_LISTED),
    }
}

/// Who acts first in round 1 beyond three fighters, or that it is undetermined.
pub(super) fn push_round_one_first(odds: &mut Odds, input: &InitiativeInput, first: &Dist<RoundOne>, method: Method) {
    let beat = input.beat.word();
    let (part, title) = (format!("{beat} 1"), format!("who acts first in {beat} 1 (the surprised and held sit out)"));
    odds.push(Some(&part), &title, first, method, |k| describe_round_one(input, k, false));
}

/// The standing order's first and places over every roll of `run` (an initiative or an encounter).
pub(super) fn standing_of(
    input: &InitiativeInput,
    fallback: Fallback,
    mut run: impl FnMut(&mut dyn Dice) -> (Vec<usize>, Vec<usize>),
) -> Standings {
    let n = input.fighters.len();
    let rivals = rivals(input, |_| Prob::one());
    let lines = lines(input, &rivals).len();
    standings(&rivals, 10, lines, fallback, |d| places_in(&run(d).0, n))
}

/// The titles of the order parts: (the standing order, round 1).
pub(super) fn order_titles(input: &InitiativeInput, full: bool) -> (&'static str, String) {
    let beat = input.beat.word();
    if full {
        ("acting order", format!("{beat} 1 (the surprised and held sit out)"))
    } else {
        ("who acts first", format!("who acts first in {beat} 1"))
    }
}

/// Beyond three fighters with delayed or readied actions: who acts first (`first`: the first of
/// the standing order, or none) and in round 1, without each one's place.
pub(super) fn push_moved(
    odds: &mut Odds,
    input: &InitiativeInput,
    first: &Dist<Option<usize>>,
    method: Method,
    round_one: Option<(&Dist<Option<usize>>, Method)>,
) {
    odds.push(Some("first"), "who acts first", first, method, |f| describe_first(input, f, "nobody"));
    if let Some((first, method)) = round_one {
        let beat = input.beat.word();
        let title = format!("who acts first in {beat} 1 (the surprised and held sit out)");
        let nobody = format!("nobody acts in {beat} 1");
        odds.push(Some(&format!("{beat} 1")), &title, first, method, |f| describe_first(input, f, &nobody));
    }
    odds.note(MOVED_NOTE);
}

/// Said when delayed or readied actions leave each one's place unlisted.
pub(super) const MOVED_NOTE: &str =
    "delayed and readied actions tie a place to another's: each one's place is not listed";

/// Who acts in round 1, as the odds list it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum RoundOne {
    /// In acting order (only the first for big casts).
    Acting(Vec<usize>),
    /// A surprise roll it depends on went past the successes followed.
    Undetermined,
}

/// Who acts in round 1, walking `order` from the top: each combatant by its chance in `acts`,
/// until `limit` are found, or an undetermined roll is met.
fn walk(order: &[usize], acts: &[Dist<Option<bool>>], limit: usize) -> Dist<RoundOne> {
    let mut acting = Dist::point(RoundOne::Acting(Vec::new()));
    for &i in order {
        acting = acting.and_then(|so_far| match so_far {
            RoundOne::Acting(list) if list.len() < limit => acts[i].map(|acts| match acts {
                Some(acts) => {
                    let mut next = list.clone();
                    if *acts {
                        next.push(i);
                    }
                    RoundOne::Acting(next)
                }
                None => RoundOne::Undetermined,
            }),
            other => Dist::point(other.clone()),
        });
    }
    acting
}

/// The parts of a fight that follows a surprise roll: the acting order, and round 1, which
/// leaves out the surprised and the holders. `branches` give who acts in round 1 (see
/// [`Acts`]), reached by `method`; without them, or when the initiative rolls are too many to
/// enumerate, whole fights are run with `run`, walked only while its surprise roll's
/// `surprise_paths` and the initiative rolls make few paths. `standing_listed`: the standing
/// order's parts are already pushed (who acts first and each one's place), so only round 1 is.
#[allow(clippy::too_many_arguments)]
pub(super) fn push_fight_parts<'a>(
    odds: &mut Odds,
    fighters: &'a InitiativeInput,
    branches: Option<Branches>,
    method: Method,
    mut run: impl FnMut(&mut dyn Dice) -> InitiativeOutcome<'a>,
    surprise_paths: u128,
    fallback: Fallback,
    standing_listed: bool,
) {
    let n = fighters.fighters.len();
    let full = n <= FULL_ORDER;
    let paths = d10_paths(fighters.rollers());
    let exact = match branches {
        // The standing order does not depend on surprise; round 1 leaves out the surprised and
        // the holders, walking each order from the top, in each branch.
        Some(branches) if paths <= EXACT_PATHS => match enumerate(|d| {
            Initiative { input: fighters, enters: vec![] }.roll(d).standing
        }) {
            Ok(standing) if standing.len() * branches.len() * n <= WALK_BUDGET => {
                let holds = holders(fighters);
                let limit = if full { n } else { 1 };
                let mut pairs = Vec::new();
                for (weight, mut acts) in branches {
                    for (slot, _) in acts.iter_mut().zip(&holds).filter(|(_, holds)| **holds) {
                        *slot = Dist::point(Some(false));
                    }
                    let walked = standing.and_then(|order| walk(order, &acts, limit));
                    pairs.extend(walked.iter().map(|(acting, p)| (acting.clone(), p.mul(&weight))));
                }
                Some((standing.map(|o| order_key(o, full)), Dist::from_pairs(pairs), Method::exact(fallback), method))
            }
            _ => None,
        },
        _ => None,
    };
    let (order, round_one, method, round_one_method) = exact.unwrap_or_else(|| {
        // Every path rolls each surprise pool and each initiative die: past the budget of the
        // walk, it would give up anyway, having multiplied out every roll of a big cast.
        let walk = paths <= EXACT_PATHS && paths.saturating_mul(surprise_paths) <= PATH_BUDGET as u128;
        let (dist, method) = fight_dist(
            walk,
            n,
            |d| {
                let out = run(d);
                (order_key(&out.standing, full), RoundOne::Acting(order_key(&out.round_one, full)))
            },
            fallback,
        );
        (dist.map(|(o, _)| o.clone()), dist.map(|(_, r)| r.clone()), method, method)
    });
    let (title, first_title) = order_titles(fighters, full);
    let beat = fighters.beat.word();
    // Beyond three: the parts `first` and round 1, as the standings name them.
    let (order_part, first_title) = if full {
        ("order", first_title)
    } else {
        ("first", format!("who acts first in {beat} 1 (the surprised and held sit out)"))
    };
    if !standing_listed {
        odds.push(Some(order_part), title, &order, method, |k| describe_order(fighters, k, full, "nobody"));
    }
    odds.push(Some(&format!("{beat} 1")), &first_title, &round_one, round_one_method, |k| {
        describe_round_one(fighters, k, full)
    });
}

/// Round 1 as the odds list it: the acting order (full, or just who acts first), or undetermined.
fn describe_round_one(fighters: &InitiativeInput, k: &RoundOne, full: bool) -> (serde_json::Value, String) {
    match k {
        RoundOne::Acting(k) => describe_order(fighters, k, full, &format!("nobody acts in {} 1", fighters.beat.word())),
        RoundOne::Undetermined => {
            (json!("undetermined"), "undetermined: a surprise roll past the successes followed".to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::wod::fixtures::*;

    #[test]
    fn rolled_initiative_odds_by_hand() {
        // d10 + 1 against d10 + 0: A wins outright on 55/100 (A's d10 ≥ B's), and when
        // A's d10 + 1 = B's d10 (9/100) A's higher modifier wins too: 64/100 in all.
        let input = InitiativeInput {
            fighters: vec![fighter("A", 1, None), fighter("B", 0, None)],
            moves: vec![],
            beat: Beat::Round,
        };
        let odds = Initiative { input: &input, enters: vec![] }.odds(fallback());
        assert_eq!(fractions(&odds, None), ["A, then B 16/25", "B, then A 9/25"]);
    }
}
