//! The rule inputs ose and bx read alike from their flags and cast: how ties settle, the
//! reaction modifiers, who checks morale and against what, and the dungeon chase.

use super::flags;
use super::initiative::Ties;
use super::morale::{MAX_ADJUSTMENT, MoraleInput, Subject};
use super::pursue::{Bait, Drop, PursueInput};
use super::reaction::{ReactionInput, cha_modifier};
use crate::cast;
use crate::error::{Error, Result};
use crate::outcome::Modifier;

/// `--ties`: re-roll (the default) or act together.
pub(crate) fn ties(flag: Option<flags::Ties>) -> Ties {
    match flag {
        Some(flags::Ties::Simultaneous) => Ties::Simultaneous,
        _ => Ties::Reroll,
    }
}

pub(crate) fn reaction_input(opts: &flags::Reaction) -> ReactionInput {
    let mut modifiers = Vec::new();
    if let Some(score) = opts.cha {
        modifiers.push(Modifier::new(cha_modifier(score), format!("CHA {score}")));
    }
    if let Some(m) = opts.cha_mod {
        modifiers.push(Modifier::new(m, "CHA modifier"));
    }
    if let Some(m) = opts.modifier {
        modifiers.push(Modifier::new(m, "situational"));
    }
    ReactionInput { modifiers }
}

/// A morale check's numbers, from the flags: the score of whoever has none of its own, the
/// situation, another adjustment and the checks already passed.
#[derive(Clone, Copy)]
pub(crate) struct MoraleCheck<'a> {
    pub ml: Option<i32>,
    pub situation: &'a flags::Situation,
    pub modifier: Option<i32>,
    pub passed: Option<u32>,
}

/// Who checks morale, and against what: the combatants the first side (the party) meets, each
/// group rolling once; with no such combatant, those sides. `fray morale` (`all_combatants`)
/// also checks the party's combatants that have a score (retainers), every combatant when no
/// side is named, and, with no combatants, the sides that have an `ml` key. Each one's score is
/// its `ml`, else its side's, else `--ml`.
pub(crate) fn morale_input<S, C>(
    cast: &cast::Cast<S, C>,
    side_ml: impl Fn(&S) -> Option<i32>,
    combatant_ml: impl Fn(&C) -> Option<i32>,
    check: &MoraleCheck,
    all_combatants: bool,
) -> Result<MoraleInput> {
    let MoraleCheck { ml: flag_ml, situation, modifier, passed } = *check;
    let mut adjustments = Vec::new();
    if situation.losing {
        adjustments.push(Modifier::new(-1, "losing"));
    }
    if situation.winning {
        adjustments.push(Modifier::new(1, "winning"));
    }
    if let Some(m) = modifier.filter(|&m| m != 0) {
        adjustments.push(Modifier::new(m, "situational"));
    }
    let total = crate::outcome::sum(&adjustments);
    if total.abs() > MAX_ADJUSTMENT {
        return Err(Error::usage(format!("the morale adjustments add up to {total:+}; the book allows -2 to +2"))
            .hint("drop --mod, or --losing/--winning"));
    }
    let met = |side: usize| side > 0 || cast.sides.len() == 1;
    let missing = |name: &str| {
        Error::usage(format!("no morale score for '{}'", crate::error::echo(name)))
            .hint("give --ml N, or an ml=N key to the combatant or its side (ML 2-12)")
    };
    let subject = |name: &str, count: u32, ml: Option<i32>| -> Result<Subject> {
        let ml = ml.or(flag_ml).ok_or_else(|| missing(name))?;
        Ok(Subject { name: name.to_string(), count, ml, adjustments: adjustments.clone(), passed: passed.unwrap_or(0) })
    };
    // On the first side (the party), only those with a score of their own or their side's
    // check, unless no side was named at all.
    let takes_part = |c: &cast::Combatant<C>| {
        met(c.side)
            || (all_combatants
                && (cast.default_sides
                    || combatant_ml(&c.keys).is_some()
                    || side_ml(&cast.sides[c.side].keys).is_some()))
    };
    let combatants: Vec<Subject> = cast
        .combatants
        .iter()
        .filter(|c| takes_part(c))
        .map(|c| subject(&c.name, c.count, combatant_ml(&c.keys).or_else(|| side_ml(&cast.sides[c.side].keys))))
        .collect::<Result<_>>()?;
    if !combatants.is_empty() {
        return Ok(MoraleInput { subjects: combatants });
    }
    let keyed: Vec<usize> = (0..cast.sides.len()).filter(|&i| side_ml(&cast.sides[i].keys).is_some()).collect();
    let beyond_first = |i: &usize| *i > 0 || cast.sides.len() == 1;
    let sides: Vec<usize> =
        if all_combatants && !keyed.is_empty() { keyed } else { (0..cast.sides.len()).filter(beyond_first).collect() };
    let subjects = sides
        .into_iter()
        .map(|i| subject(&cast.sides[i].name, 1, side_ml(&cast.sides[i].keys)))
        .collect::<Result<_>>()?;
    Ok(MoraleInput { subjects })
}

pub(crate) fn pursue_input(args: &flags::Chase, outdoors: bool) -> Result<PursueInput> {
    let (Some(quarry), Some(pursuer)) = (args.quarry, args.pursuer) else {
        let missing = if args.quarry.is_none() { "--quarry" } else { "--pursuer" };
        return Err(Error::usage(format!("pursue needs {missing} SPEED"))
            .hint("give both Speeds, e.g. fray pursue --quarry 40 --pursuer 30"));
    };
    let rounds = args.rounds.unwrap_or(10);
    if let Some(late) = args.drop.iter().find(|d| d.round > rounds) {
        return Err(Error::usage(format!("--drop at round {} comes after the last round ({rounds})", late.round))
            .hint("raise --rounds or drop it earlier"));
    }
    Ok(PursueInput {
        quarry,
        pursuer,
        gap: args.gap,
        outdoors,
        sight: args.sight,
        drops: args
            .drop
            .iter()
            .map(|d| Drop {
                bait: match d.bait {
                    flags::Bait::Treasure => Bait::Treasure,
                    flags::Bait::Food => Bait::Food,
                },
                round: d.round,
            })
            .collect(),
        rounds,
        pace: 3,
    })
}
