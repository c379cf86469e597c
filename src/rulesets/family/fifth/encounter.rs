//! The encounter (seed 004): surprise first, then initiative for the same creatures in the same
//! order; the surprised keep their place but lose their first turn. 5e2024 runs the same
//! encounter with its own surprise and initiative.

use super::initiative::{
    Contender, Initiative, InitiativeOutcome, Place, describe_first, first_odds, push_initiative_parts,
};
use super::surprise::{SurpriseInput, SurpriseOutcome, judge, lowest_stealth_dist, push_surprise_parts};
use crate::dice::Dice;
use crate::odds::{Dist, Fallback, Method, Odds};
use crate::rulesets::Rule;
use serde::Serialize;

/// Surprise, then initiative for the same creatures in the same order. `I` is the initiative
/// rule: [`Initiative`] here, 5e2024's own there.
#[derive(Clone, Debug)]
pub struct EncounterInput<I = Initiative> {
    pub surprise: SurpriseInput,
    pub initiative: I,
}

/// The encounter's steps; `S` and `I` are the surprise and initiative outcomes (5e2024 has
/// its own).
#[derive(Clone, Debug, Serialize)]
pub struct EncounterOutcome<'a, S = SurpriseOutcome<'a>, I = InitiativeOutcome<'a>> {
    pub surprise: S,
    pub initiative: I,
    /// The first in the order who is not surprised (for side initiative, the first side
    /// with someone not surprised); null when everyone is. In 5e2024, the first in the order.
    pub first_to_act: Option<&'a str>,
}

/// Whether contender `c` loses its first turn: a creature that is surprised, or a side all
/// of whose members are.
fn contender_surprised(c: &Contender, surprised: &[bool]) -> bool {
    match c.creature {
        Some(i) => surprised[i],
        None => !c.members.is_empty() && c.members.iter().all(|m| surprised[m.creature]),
    }
}

fn mark(order: &mut [Place], contenders: &[Contender], surprised: &[bool]) {
    for place in order {
        let c = &contenders[place.contender];
        if c.creature.is_some() {
            let s = contender_surprised(c, surprised);
            place.surprised = Some(s);
            place.loses_first_turn = Some(s);
        }
        for (member, m) in place.members.iter_mut().zip(&c.members) {
            member.surprised = Some(surprised[m.creature]);
            member.loses_first_turn = Some(surprised[m.creature]);
        }
    }
}

/// seed 004: surprise first, then initiative as usual; the surprised keep their place in the
/// order but lose their first turn.
impl Rule for EncounterInput {
    type Outcome<'a> = EncounterOutcome<'a>;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a> {
        let surprise = Rule::roll(&self.surprise, dice);
        let surprised = surprise.surprised();
        let mut initiative = Rule::roll(&self.initiative, dice);
        let contenders = &self.initiative.contenders;
        mark(&mut initiative.order, contenders, &surprised);
        if let Some(first) = initiative.rounds.first_mut() {
            mark(&mut first.order, contenders, &surprised);
        }
        let first_to_act = initiative
            .order
            .iter()
            .find(|p| !contender_surprised(&contenders[p.contender], &surprised))
            .map(|p| p.name);
        EncounterOutcome { surprise, initiative, first_to_act }
    }

    /// Each creature's surprise, the initiative parts, and who really acts first once the
    /// surprised are skipped (every set of surprised creatures, weighted by its probability).
    fn odds(&self, fallback: Fallback) -> Odds {
        let input = self;
        let mut odds = Odds::default();
        push_surprise_parts(&mut odds, &input.surprise, fallback);
        let ini = &input.initiative;
        let totals = push_initiative_parts(&mut odds, ini, fallback);
        let mut method = Method::exact(fallback);
        let lowest = lowest_stealth_dist(&input.surprise, fallback, &mut method);
        let sets: Dist<Vec<bool>> = lowest
            .map(|&l| (0..input.surprise.creatures.len()).map(|i| judge(&input.surprise, i, l).surprised).collect());
        let first = sets.and_then(|surprised| {
            let able: Vec<bool> = ini.contenders.iter().map(|c| !contender_surprised(c, surprised)).collect();
            first_odds(ini, &totals, &able, fallback, &mut method)
        });
        odds.push(Some("first to act"), "who acts first once the surprised lose their turn", &first, method, |f| {
            describe_first(ini, f, "acts first")
        });
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::prob::Prob;
    use crate::rulesets::family::fifth::creature::Creature;
    use crate::rulesets::family::fifth::fixtures::{ambush, creature, fallback, lineup, part};
    use crate::rulesets::family::fifth::initiative::Variant;
    use crate::rulesets::family::fifth::surprise::{Stealth, StealthTies};

    #[test]
    fn encounter_marks_the_surprised_and_skips_them_for_first_to_act() {
        let mut surprise = ambush(&[("Elf", 16), ("Fighter", 1)], vec![Stealth::Total(14)], StealthTies::Noticed);
        surprise.creatures.push(Creature { count: 2, ..creature("Goblin", 1) });
        surprise.hiding.push(true);
        let initiative = lineup(Variant::Standard, surprise.creatures.clone());
        let input = EncounterInput { surprise, initiative };
        let out = Rule::roll(&input, &mut SeededDice::new(2));
        let fighter = out.initiative.order.iter().find(|p| p.name == "Fighter").unwrap();
        assert_eq!((fighter.surprised, fighter.loses_first_turn), (Some(true), Some(true)));
        assert_ne!(out.first_to_act, Some("Fighter"));
        let odds = Rule::odds(&input, fallback());
        let first: Vec<String> = part(&odds, "first to act");
        assert_eq!(first.len(), 2, "{first:?}");
        assert!(first.iter().all(|line| !line.starts_with("Fighter")));
        assert_eq!(part(&odds, "Fighter"), ["surprised 1"]);
        for name in ["Elf", "Fighter", "first", "order", "first to act"] {
            let total = Prob::sum(odds.entries.iter().filter(|e| e.part.as_deref() == Some(name)).map(|e| &e.prob));
            assert_eq!(total, Prob::one(), "{name}");
        }
    }
}
