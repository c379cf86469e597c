//! Complications: the die at the end of a turn, and what befalls the next participant.

use super::*;

impl<L: TurnOrder> Chase<L> {
    /// DMG 2014 p.254 / DMG 2024: the complication die at the end of a turn; a complication
    /// befalls the next participant in initiative order still in the chase, who rolls to avoid
    /// it; what a failure does waits for that participant's turn.
    pub(super) fn complication<'a>(
        &'a self,
        s: &mut State,
        slot: usize,
        table: &'static Table,
        dice: &mut dyn Dice,
    ) -> Complication<'a> {
        let roll = dice.roll(1, table.die);
        let mut record = Complication { roll, entry: None, target: None, check: None, effect: None, words: None };
        let Some(entry) = table.entry(roll.total) else { return record };
        record.entry = Some(entry.id);
        record.words = Some(entry.words);
        let n = s.order.len();
        let Some(target) = (1..n).map(|k| s.order[(slot + k) % n]).find(|&i| s.runs[i].status == Status::Running)
        else {
            return record;
        };
        record.target = Some(&self.participants[target].name);
        if let Some(spec) = entry.test {
            // The participant's choice: its best modifier among the abilities allowed.
            let p = &self.participants[target];
            let ability = spec.abilities.iter().copied().max_by_key(|&a| (p.modifier(a), std::cmp::Reverse(a)));
            let ability = ability.unwrap_or(Ability::Dex);
            let test = self.test(s, target, spec.kind, ability, spec.dc, dice);
            let failed = !test.success;
            record.check = Some(test);
            if !failed {
                return record;
            }
        }
        record.effect = Some(self.harm(s, target, entry, dice));
        record
    }

    /// What an entry does to `target`: hindrances for its next turn, and damage rolled.
    pub(super) fn harm(&self, s: &mut State, target: usize, entry: &Entry, dice: &mut dyn Dice) -> Effect {
        let harm = &entry.harm;
        let mut effect = Effect { note: harm.note, ..Effect::default() };
        let h = &mut effect.hindrance;
        h.terrain = harm.terrain;
        h.prone = harm.prone;
        h.restrained = harm.restrained;
        h.blinded = harm.blinded;
        h.guard = harm.guard;
        match harm.fall {
            Fall::None => {}
            Fall::Rolled => {
                // DMG 2014 p.254: 1d4 × 5 feet; PHB: 1d6 bludgeoning per 10 feet fallen.
                let d4 = dice.roll(1, 4);
                let feet = 5 * d4.total;
                effect.fall = Some(Falling { roll: Some(d4), feet });
                if feet >= 10 {
                    effect.damage.push(roll_damage(
                        dice,
                        &tables::DamageDice { count: feet / 10, sides: 6, bonus: 0, kind: "bludgeoning" },
                    ));
                }
            }
            Fall::Feet(feet) => {
                // SRD 5.2, falling: 1d6 bludgeoning per 10 feet.
                effect.fall = Some(Falling { roll: None, feet });
                let spec = tables::DamageDice { count: feet / 10, sides: 6, bonus: 0, kind: "bludgeoning" };
                effect.damage.push(roll_damage(dice, &spec));
            }
        }
        for spec in harm.damage {
            effect.damage.push(roll_damage(dice, spec));
        }
        if let Some(spec) = &harm.attack {
            effect.attack = Some(roll_attack(dice, spec));
        }
        let pending = &mut s.runs[target].hindrance;
        pending.terrain += effect.hindrance.terrain;
        pending.prone |= effect.hindrance.prone;
        pending.restrained |= effect.hindrance.restrained;
        pending.blinded |= effect.hindrance.blinded;
        pending.guard |= effect.hindrance.guard;
        effect
    }
}
