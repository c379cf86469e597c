//! The engine's odds held to the ranking itself, rolled and walked over every die.

use super::*;
use crate::dice::Dice;
use crate::odds::brute::walk;
use crate::order::{KeyName, TieKey, rank};

static KEY: KeyName = KeyName { id: "key", words: "key" };

/// A rival for the walk: a die of `sides` faces, each face's total, a key, and whether it
/// takes part (a die of `of` faces, present on `present` or less).
#[derive(Clone)]
struct Walked {
    faces: Vec<i64>,
    key: i64,
    present: (u32, u32),
}

impl Walked {
    fn rival(&self) -> Rival {
        let sides = self.faces.len() as u128;
        let dist = Dist::from_pairs(self.faces.iter().map(|&t| (t, Prob::new(1, sides))));
        let present = Prob::new(u128::from(self.present.0), u128::from(self.present.1));
        Rival { totals: dist.iter().cloned().collect(), keys: vec![self.key], present }
    }
}

/// The ranking itself, rolled: each rival's place (None: not taking part).
fn rolled(walked: &[Walked], settle: Settle, dice: &mut dyn Dice) -> Vec<Option<usize>> {
    let totals: Vec<i64> =
        walked.iter().map(|w| w.faces[dice.roll(1, w.faces.len() as u32).total as usize - 1]).collect();
    let present: Vec<usize> = (0..walked.len())
        .filter(|&i| {
            let (p, of) = walked[i].present;
            p == of || dice.roll(1, of).total <= p
        })
        .collect();
    let key = |i: usize| walked[i].key;
    let ranking = rank(&present, |i| totals[i], &[TieKey { name: &KEY, value: &key }], settle, dice);
    let mut places = vec![None; walked.len()];
    for (&i, &place) in ranking.order.iter().zip(&ranking.places) {
        places[i] = Some(place);
    }
    places
}

fn check(walked: &[Walked], settle: Settle) {
    let rivals: Vec<Rival> = walked.iter().map(Walked::rival).collect();
    let field = Field::new(&rivals, settle);
    let all = walk(|d| rolled(walked, settle, d));
    let places = field.places().expect("small");
    for (k, members) in field.kinds().enumerate() {
        for &i in members {
            let expected = all.map(|p| p[i]);
            assert_eq!(places[k], expected, "place of {i} ({settle:?})");
        }
    }
    if settle != Settle::Simultaneous {
        let first = all.map(|p| p.iter().position(|&x| x == Some(1)));
        assert_eq!(field.first().expect("small"), first, "first ({settle:?})");
    } else {
        let group = all.map(|p| (0..p.len()).filter(|&i| p[i] == Some(1)).collect::<Vec<usize>>());
        assert_eq!(first_group(&rivals).expect("small"), group, "first group");
    }
}

fn w(faces: &[i64], key: i64) -> Walked {
    Walked { faces: faces.to_vec(), key, present: (1, 1) }
}

#[test]
fn alike_contenders_are_even() {
    let d6 = [1, 2, 3, 4, 5, 6];
    check(&[w(&d6, 0), w(&d6, 0), w(&d6, 0)], Settle::RollOff(6));
    check(&[w(&d6, 0), w(&d6, 0), w(&d6, 0)], Settle::Simultaneous);
    let field = Field::new(&vec![Rival::new(&Dist::point(3), vec![]); 7], Settle::RollOff(6));
    let first = field.first().unwrap();
    assert!(first.iter().all(|(who, p)| who.is_none() && p.is_zero() || *p == Prob::new(1, 7)));
}

#[test]
fn keys_and_mixed_levels_match_the_ranking_walked() {
    // Two kinds level on the key and a third with a higher key; lopsided dice.
    let walked = [w(&[1, 2, 2, 3], 1), w(&[2, 2, 3], 1), w(&[1, 2, 2, 3], 1), w(&[2, 3, 3], 2), w(&[1, 4], 0)];
    check(&walked, Settle::RollOff(6));
    check(&walked, Settle::Simultaneous);
}

#[test]
fn contenders_that_may_sit_out() {
    let walked = [
        Walked { faces: vec![1, 2, 3], key: 0, present: (1, 2) },
        Walked { faces: vec![1, 2, 3], key: 0, present: (1, 2) },
        Walked { faces: vec![2, 3], key: 0, present: (2, 3) },
        w(&[1, 1, 3], 1),
    ];
    check(&walked, Settle::RollOff(6));
    check(&walked, Settle::Simultaneous);
    // Everyone may sit out: "nobody" is an outcome of its own.
    let out =
        [Walked { faces: vec![5], key: 0, present: (1, 3) }, Walked { faces: vec![5, 6], key: 0, present: (1, 2) }];
    check(&out, Settle::RollOff(6));
    let first = Field::new(&out.iter().map(Walked::rival).collect::<Vec<_>>(), Settle::RollOff(6)).first();
    assert_eq!(first.unwrap().prob(|w| w.is_none()), Prob::new(1, 3));
}

#[test]
fn random_small_fields_match_the_ranking_walked() {
    let mut dice = crate::dice::SeededDice::new(11);
    for _ in 0..60 {
        let n = 2 + dice.die(3) as usize;
        let walked: Vec<Walked> = (0..n)
            .map(|_| {
                let faces = (0..dice.die(3)).map(|_| i64::from(dice.die(4))).collect();
                let present = [(1, 1), (1, 1), (1, 2), (2, 3)][dice.die(4) as usize - 1];
                Walked { faces, key: i64::from(dice.die(2)), present }
            })
            .collect();
        check(&walked, if dice.die(3) == 1 { Settle::Simultaneous } else { Settle::RollOff(6) });
    }
}

#[test]
fn ordinals() {
    let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 103, 111].into_iter().map(ordinal).collect();
    assert_eq!(words, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd", "111th"]);
}
