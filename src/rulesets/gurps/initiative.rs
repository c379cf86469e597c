//! Turn order (Basic Set): by Basic Speed, ties by DX, then a roll-off fixed for the fight; the
//! odds of the order, or beyond three combatants who acts first and each place.

use super::fight::Fight;
use crate::cast::Hundredths;
use crate::dice::Dice;
use crate::odds::{Fallback, Odds, exact_or_estimate};
use crate::order::odds::{self as ranking, Line, PLACES_NOT_LISTED, Rival, push_places};
use crate::order::{self, KeyName, Settle, Tie, TieKey};
use crate::rulesets::Rule;
use serde::Serialize;

pub(super) use crate::order::budget::FULL_ORDER;

/// The turn order of a fight's combatants.
#[derive(Clone, Copy, Debug)]
pub struct Initiative<'f> {
    pub fight: &'f Fight,
}

/// One place in the turn order.
#[derive(Clone, Debug, Serialize)]
pub struct Place<'a> {
    /// Index into [`Fight::fighters`].
    #[serde(skip)]
    pub fighter: usize,
    pub name: &'a str,
    pub side: &'a str,
    /// Basic Speed: GURPS has no rolled initiative number.
    pub total: Hundredths,
    pub dx: i32,
    /// 1-based acting position.
    pub place: usize,
}

/// DX as the key that breaks ties of Basic Speed.
pub static DX: KeyName = KeyName { id: "dx", words: "DX" };

#[derive(Clone, Debug, Serialize)]
pub struct InitiativeOutcome<'a> {
    pub order: Vec<Place<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<Tie<'a, Hundredths>>,
}

impl<'f> Rule for Initiative<'f> {
    type Outcome<'a>
        = InitiativeOutcome<'f>
    where
        Self: 'a;

    /// Basic Set: turn order by Basic Speed, ties by DX, then a roll-off fixed for the fight.
    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> InitiativeOutcome<'f> {
        let fight = self.fight;
        let f = &fight.fighters;
        let who: Vec<usize> = (0..f.len()).collect();
        let dx = |i: usize| i64::from(f[i].dx);
        let ranking = order::rank(&who, |i| f[i].speed, &[TieKey { name: &DX, value: &dx }], Settle::RollOff(6), dice);
        let order = ranking
            .order
            .iter()
            .zip(&ranking.places)
            .map(|(&i, &place)| Place {
                fighter: i,
                name: &f[i].name,
                side: &fight.teams[f[i].side].name,
                total: f[i].speed,
                dx: f[i].dx,
                place,
            })
            .collect();
        InitiativeOutcome { order, ties: ranking.named_ties(|i| f[i].speed, |i| f[i].name.as_str()) }
    }

    fn odds(&self, fallback: Fallback) -> Odds {
        let mut odds = Odds::default();
        push_initiative_odds(self.fight, fallback, None, &mut odds);
        odds
    }
}

/// The order as fighter indices, for odds.
fn order_key(fight: &Fight, dice: &mut dyn Dice) -> Vec<usize> {
    Initiative { fight }.roll(dice).order.iter().map(|p| p.fighter).collect()
}

/// The turn order in full for up to [`FULL_ORDER`] combatants (in part `part`); beyond, who acts
/// first and each combatant's place, a group's members sharing one part. Basic Speed and DX are
/// fixed, so only the roll-offs among those level on both are left to chance.
pub(super) fn push_initiative_odds(fight: &Fight, fallback: Fallback, part: Option<&str>, odds: &mut Odds) {
    let f = &fight.fighters;
    if f.len() <= FULL_ORDER {
        let (dist, method) = exact_or_estimate(|d| order_key(fight, d), fallback);
        let title = if dist.len() == 1 { "turn order (fixed: no ties)" } else { "turn order" };
        odds.push(part, title, &dist, method, |order| {
            let names: Vec<String> = order.iter().map(|&i| f[i].name.clone()).collect();
            let words = names.join(", ");
            (names, words)
        });
        return;
    }
    let rivals: Vec<Rival> = f.iter().map(|x| Rival::fixed(x.speed.0, vec![i64::from(x.dx)])).collect();
    let lines: Vec<Line> = fight.entries.iter().map(|e| Line::group(&e.name, e.count as usize, e.first)).collect();
    let run = |d: &mut dyn Dice| ranking::places_in(&order_key(fight, d), f.len());
    let standing = ranking::standings(&rivals, 6, lines.len(), fallback, run);
    odds.push(Some("first"), "who acts first", &standing.first, standing.first_method, |who| match who {
        Some(i) => (Some(f[*i].name.clone()), format!("{} first", f[*i].name)),
        None => (None, "nobody".to_string()),
    });
    match standing.places {
        Some(places) => push_places(odds, &places, &lines, "not in the order"),
        None => odds.note(PLACES_NOT_LISTED),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::prob::Prob;
    use crate::rulesets::gurps::fight::Fighter;
    use crate::rulesets::gurps::fixtures::{fallback, fight, fighter, part, team};

    #[test]
    fn turn_order_by_speed_then_dx_then_roll_off() {
        let mut fighters = vec![
            fighter("Slow", 0, 10, false),
            fighter("Quick", 1, 10, false),
            fighter("Deft", 0, 10, false),
            fighter("Twin A", 1, 10, false),
            fighter("Twin B", 0, 10, false),
        ];
        fighters[1].speed = Hundredths(625);
        fighters[0].speed = Hundredths(450);
        fighters[2].dx = 13;
        let f = fight(vec![team("party"), team("monsters")], fighters);
        let out = Initiative { fight: &f }.roll(&mut SeededDice::new(4));
        let names: Vec<&str> = out.order.iter().map(|p| p.name).collect();
        assert_eq!(names[..2], ["Quick", "Deft"]);
        assert_eq!(names[4], "Slow");
        // One tie at Speed 5: DX puts Deft first, the twins roll off.
        assert_eq!(out.ties.len(), 1);
        assert_eq!((out.ties[0].total, &out.ties[0].names[..]), (Hundredths(500), &names[1..4]));
        assert_eq!(out.ties[0].by, [&DX]);
        assert_eq!(out.ties[0].roll_offs[0].names, ["Twin A", "Twin B"]);
        // Five: who acts first (certain) and each place; only the twins' are left to chance.
        let odds = Initiative { fight: &f }.odds(fallback());
        assert_eq!(part(&odds, "first"), ["Quick first 1"]);
        assert_eq!(part(&odds, "place: Twin A"), ["3rd 1/2", "4th 1/2"]);
        assert_eq!(part(&odds, "place: Slow"), ["5th 1"]);
    }

    #[test]
    fn many_ties_give_who_acts_first() {
        let fighters: Vec<Fighter> = (1..=12).map(|i| fighter(&format!("Orc {i}"), 1, 10, false)).collect();
        let odds = Initiative { fight: &fight(vec![team("party"), team("monsters")], fighters) }.odds(fallback());
        assert_eq!(part(&odds, "first").len(), 12);
        assert_eq!(part(&odds, "place: Orc 7").len(), 12);
        assert!(odds.entries.iter().all(|e| e.prob == Prob::new(1, 12)));
        assert!(odds.exact());
    }
}
