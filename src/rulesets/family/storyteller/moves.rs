//! Delayed, readied and held actions placed on the rolled order: moments, and the tie rule
//! among those that meet at one.

use super::fight::*;
use crate::dice::Dice;
use crate::order::{self, Settle, TieKey};
use std::cmp::Ordering;

/// When a combatant acts within a round: its place in the rolled order, then one step for
/// each "right after" (+1) or "right before" (−1) it was moved to. Earlier sorts first;
/// missing steps count as 0, so `[3, -1]` < `[3]` < `[3, 1]` < `[4, -1]`.
#[derive(Clone, Debug)]
pub(super) struct Moment(pub(super) Vec<i64>);

impl Moment {
    pub(super) fn beside(&self, anchor: Anchor) -> Moment {
        let mut steps = self.0.clone();
        steps.push(if matches!(anchor, Anchor::After(_)) { 1 } else { -1 });
        Moment(steps)
    }
}

impl Ord for Moment {
    fn cmp(&self, other: &Moment) -> Ordering {
        let len = self.0.len().max(other.0.len());
        (0..len)
            .map(|k| self.0.get(k).unwrap_or(&0).cmp(other.0.get(k).unwrap_or(&0)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    }
}

impl PartialOrd for Moment {
    fn partial_cmp(&self, other: &Moment) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Moment {
    fn eq(&self, other: &Moment) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Moment {}

/// Puts `who` in order, the highest `key` first, settling those level on it by the tie rule
/// (seed 003 refers to it for delays too; WoD p. 152: the higher Dexterity + Composure, then a
/// d10 roll-off) and recording the ties at `totals`.
pub(super) fn order_by<'a, K: Ord>(
    who: &[usize],
    key: impl Fn(usize) -> K,
    totals: &[i32],
    kind: TieKind,
    input: &'a InitiativeInput,
    dice: &mut dyn Dice,
    ties: &mut Vec<MomentTie<'a>>,
) -> Vec<usize> {
    let tie_break = |i: usize| i64::from(input.fighters[i].tie_break());
    let rule = [TieKey { name: input.tie_key(), value: &tie_break }];
    let ranking = order::rank(who, key, &rule, Settle::RollOff(10), dice);
    let named = ranking.named_ties(|i| totals[i], |i| input.fighters[i].name.as_str());
    ties.extend(named.into_iter().map(|tie| MomentTie { kind, tie }));
    ranking.order
}

/// A moved action's place and number, resolved after its anchor's (anchors never loop).
#[derive(Clone)]
pub(super) struct Resolved {
    pub(super) moment: Moment,
    pub(super) total: i32,
    pub(super) void: bool,
}

pub(super) fn resolve(
    i: usize,
    input: &InitiativeInput,
    moves: &[Option<&Move>],
    position: &[usize],
    rolled: &[i32],
    memo: &mut [Option<Resolved>],
    depth: usize,
) -> Resolved {
    if let Some(done) = &memo[i] {
        return done.clone();
    }
    let own = Moment(vec![position[i] as i64]);
    let resolved = match moves[i] {
        Some(Move { kind: MoveKind::Delay | MoveKind::Ready, anchor: Some(anchor), .. })
            if depth <= input.fighters.len() =>
        {
            let other = resolve(anchor.other(), input, moves, position, rolled, memo, depth + 1);
            let target = other.moment.beside(*anchor);
            // A wait can only make a combatant act later than its own turn, never earlier.
            if own < target {
                let total = match anchor {
                    Anchor::After(_) => other.total - 1,
                    Anchor::Before(_) => other.total + 1,
                };
                Resolved { moment: target, total, void: false }
            } else {
                Resolved { moment: own, total: rolled[i], void: true }
            }
        }
        _ => Resolved { moment: own, total: rolled[i], void: false },
    };
    memo[i] = Some(resolved.clone());
    resolved
}

/// Round 2 with the held actions placed. Everyone else keeps the standing order; a held
/// action that lands on the same moment as others goes first (it may act at any moment),
/// and several held actions at one moment are put in order by the tie rule.
pub(super) fn round_two<'a>(
    standing: &[usize],
    moment: &[Moment],
    totals: &[Option<i32>],
    holds: &[bool],
    input: &'a InitiativeInput,
    dice: &mut dyn Dice,
    ties: &mut Vec<MomentTie<'a>>,
) -> Vec<usize> {
    let mut rank = vec![0usize; standing.len()];
    for (k, &i) in standing.iter().enumerate() {
        rank[i] = k;
    }
    let mut order = standing.to_vec();
    order.sort_by(|&a, &b| moment[a].cmp(&moment[b]).then(holds[b].cmp(&holds[a])).then(rank[a].cmp(&rank[b])));
    let mut start = 0;
    while start < order.len() {
        let first = order[start];
        let same = |&i: &usize| holds[i] && moment[i] == moment[first];
        let end = start + order[start..].iter().take_while(|i| same(i)).count();
        if let (true, Some(total)) = (end - start > 1, totals[first]) {
            // The tie rule meets them in cast order, as everywhere else.
            let mut group = order[start..end].to_vec();
            group.sort_unstable();
            let tie_break = |i: usize| i64::from(input.fighters[i].tie_break());
            let rule = [TieKey { name: input.tie_key(), value: &tie_break }];
            let (places, tied) = order::settle(&group, &rule, Settle::RollOff(10), dice);
            let settled: Vec<usize> = places.into_iter().flatten().collect();
            if let Some(tied) = tied {
                let tie = tied.named(total, |i| input.fighters[i].name.as_str());
                ties.push(MomentTie { kind: TieKind::Round2, tie });
            }
            order[start..end].copy_from_slice(&settled);
        }
        start = end.max(start + 1);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_order_before_and_after() {
        let at = |steps: &[i64]| Moment(steps.to_vec());
        assert!(at(&[3, -1]) < at(&[3]));
        assert!(at(&[3]) < at(&[3, 1]));
        assert!(at(&[3, 1]) < at(&[3, 1, 1]));
        assert!(at(&[3, 1, 1]) < at(&[4, -1]));
        assert_eq!(at(&[3]), at(&[3, 0]));
    }
}
