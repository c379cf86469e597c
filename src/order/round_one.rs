//! Who acts in round 1 when whether each contender acts in it is itself left to chance — in
//! branches (of a surprise roll, say), within each of which every contender acts, sits out or is
//! undetermined on its own, independently of the ranking: walked down a ranked order, or, for who
//! acts first, worked out by the ranking's odds branch by branch.

use super::Settle;
use super::odds::{Field, Rival};
use super::waits::{Wait, first_with_waits};
use crate::odds::Dist;
use crate::prob::Prob;

/// Who acts in round 1, as the odds list it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RoundOne {
    /// In acting order (only the first for big casts).
    Acting(Vec<usize>),
    /// A roll it depends on is undetermined.
    Undetermined,
}

/// Whether each contender acts in round 1, as independent chances within one branch: `Some(true)`
/// acts, `Some(false)` sits out, `None` undetermined.
pub type Acts = Vec<Dist<Option<bool>>>;

/// Round 1 in branches, each with its chance and who acts in it.
pub type Branches = Vec<(Prob, Acts)>;

/// Who acts in round 1, walking `order` from the top: each contender by its chance in `acts`,
/// until `limit` are found, or an undetermined one is met.
pub fn walk(order: &[usize], acts: &[Dist<Option<bool>>], limit: usize) -> Dist<RoundOne> {
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

/// Who acts first in round 1 over `branches`, the contenders ranked as `rivals` (each always
/// taking part in the ranking itself; the level settled by `settle`), those `sits_out` names
/// sitting round 1 out in every branch, and with `waits`, when some wait on another, placed by
/// [`first_with_waits`]. In each branch every contender's acting is its own, independent of the
/// ranking, so the ranking's odds apply branch by branch and are weighed by the branch's chance.
/// Walking the ranked order from the top, the first who does not sit out decides: it acts first,
/// or, when it is undetermined, so is round 1. So each ranks among those who do not sit out, and
/// its chance of coming first there splits between acting and undetermined as its own acting
/// does. `None` when a ranking is too large to work out exactly.
pub fn first_over_branches(
    rivals: &[Rival],
    settle: Settle,
    waits: Option<&[Option<Wait>]>,
    sits_out: &[bool],
    branches: &Branches,
) -> Option<Dist<RoundOne>> {
    let n = rivals.len();
    let mut pairs: Vec<(RoundOne, Prob)> = Vec::new();
    for (weight, acts) in branches {
        let stays = |i: usize| if sits_out[i] { Prob::zero() } else { acts[i].prob(|v| *v != Some(false)) };
        // With waits each contender is its own kind.
        let (first, kinds): (Dist<Option<usize>>, Vec<Vec<usize>>) = match waits {
            Some(waits) => (first_with_waits(rivals, waits, stays)?, (0..n).map(|i| vec![i]).collect()),
            None => {
                let staying: Vec<Rival> =
                    rivals.iter().enumerate().map(|(i, r)| Rival { present: stays(i), ..r.clone() }).collect();
                let field = Field::new(&staying, settle);
                (field.first()?, field.kinds().map(<[usize]>::to_vec).collect())
            }
        };
        let weighed = |p: &Prob| if *weight == Prob::one() { p.clone() } else { p.mul(weight) };
        let mut chance = vec![Prob::zero(); n];
        for (who, p) in first.iter() {
            match *who {
                Some(i) => chance[i] = p.clone(),
                None => pairs.push((RoundOne::Acting(Vec::new()), weighed(p))),
            }
        }
        // A kind's members come first alike; those whose own acting is alike too split alike, so
        // the (long) fractions are worked out once for each.
        for members in &kinds {
            let mut alike: Vec<(&Dist<Option<bool>>, Vec<usize>)> = Vec::new();
            for &i in members {
                match alike.iter_mut().find(|(own, _)| **own == acts[i]) {
                    Some((_, same)) => same.push(i),
                    None => alike.push((&acts[i], vec![i])),
                }
            }
            for (own, members) in alike {
                let p = weighed(&chance[members[0]]);
                if p.is_zero() {
                    continue;
                }
                // First among those who stay, it stayed: its chance of that is above zero.
                let stays = stays(members[0]);
                let acting = own.prob(|v| *v == Some(true)).div(&stays);
                let undetermined = own.prob(Option::is_none).mul(&Prob::new(members.len() as u128, 1)).div(&stays);
                let acting = p.mul(&acting);
                pairs.extend(members.iter().map(|&i| (RoundOne::Acting(vec![i]), acting.clone())));
                pairs.push((RoundOne::Undetermined, p.mul(&undetermined)));
            }
        }
    }
    Some(Dist::from_pairs(pairs))
}
