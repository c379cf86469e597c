//! Rolling an expression through fray's seeded die, every die kept for display.

use super::parse::{ExplodeKind, Faces, Node, Op, Term, matching};
use super::{MAX_EXPLOSIONS, MAX_REROLLS};
use crate::dice::SeededDice;
use serde::Serialize;
use std::fmt::Write as _;

/// One die as rolled, and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Die {
    /// What the die counts: its face, less one for a penetrating explosion, within mi/ma; a
    /// compounded die's sum.
    pub value: i64,
    /// Counted in the total (false: dropped, or rerolled away).
    pub kept: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exploded: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rerolled: bool,
    /// Success counting: whether the die is a success.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
    /// Success counting with `f`: whether the die is a failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<bool>,
    /// The face rolled, where `value` differs from it (penetration, mi, ma).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face: Option<i64>,
    /// A compounded die: each face that went into it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<i64>,
}

impl Die {
    fn new(value: i64) -> Die {
        Die {
            value,
            kept: true,
            exploded: false,
            rerolled: false,
            success: None,
            failure: None,
            face: None,
            rolls: Vec::new(),
        }
    }
}

/// Where one term's dice lie in the expression's list of dice, and the term as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermSpan {
    pub text: String,
    pub dice: std::ops::Range<usize>,
    pub success: bool,
}

/// One expression rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Rolled {
    pub expression: String,
    pub total: i64,
    pub dice: Vec<Die>,
    #[serde(skip)]
    pub terms: Vec<TermSpan>,
}

/// Rolls `node` (written `text`) into `out`, reusing its buffers.
pub fn roll_into(text: &str, node: &Node, dice: &mut SeededDice, out: &mut Rolled) {
    out.expression.clear();
    out.expression.push_str(text);
    out.dice.clear();
    out.terms.clear();
    out.total = eval(node, dice, out);
}

/// Rolls `node` once.
pub fn roll(text: &str, node: &Node, dice: &mut SeededDice) -> Rolled {
    let mut out = Rolled::default();
    roll_into(text, node, dice, &mut out);
    out
}

fn eval(node: &Node, dice: &mut SeededDice, out: &mut Rolled) -> i64 {
    match node {
        Node::Const(n) => *n,
        Node::Neg(inner) => -eval(inner, dice, out),
        Node::Dice(term) => roll_term(term, dice, out),
        Node::Bin(op, a, b) => {
            let (a, b) = (eval(a, dice, out), eval(b, dice, out));
            // The parser bounds every total within ±2^53 and refuses a divisor that can be 0.
            match op {
                Op::Add => a + b,
                Op::Sub => a - b,
                Op::Mul => a * b,
                Op::Div => a.div_euclid(b) - i64::from(b < 0 && a.rem_euclid(b) != 0),
            }
        }
    }
}

/// One face of `term`'s die, rerolled as the term says; rerolled-away dice go to `out`.
pub fn face(term: &Term, dice: &mut SeededDice, out: &mut Vec<Die>) -> i64 {
    let draw = |dice: &mut SeededDice| match term.faces {
        Faces::Numbered(n) => i64::from(dice.die(n)),
        Faces::Fate => i64::from(dice.die(3)) - 2,
    };
    let mut f = draw(dice);
    let Some(reroll) = &term.reroll else { return f };
    let mut rerolls = 0;
    while reroll.matches(f) {
        out.push(Die { kept: false, rerolled: true, ..Die::new(f) });
        if reroll.once {
            return draw(dice);
        }
        rerolls += 1;
        if rerolls == MAX_REROLLS {
            // Rerolling on would end on each staying face alike: draw one of them.
            let (low, high) = (term.faces.low(), term.faces.high());
            let staying = term.faces.count() as u64 - matching(low, high, &reroll.on);
            let mut k = dice.die(staying as u32);
            for candidate in low..=high {
                if !reroll.matches(candidate) {
                    k -= 1;
                    if k == 0 {
                        return candidate;
                    }
                }
            }
        }
        f = draw(dice);
    }
    f
}

fn clamp(term: &Term, v: i64) -> i64 {
    let v = term.min.map_or(v, |m| v.max(m));
    term.max.map_or(v, |m| v.min(m))
}

fn roll_term(term: &Term, dice: &mut SeededDice, out: &mut Rolled) -> i64 {
    let start = out.dice.len();
    let list = &mut out.dice;
    for _ in 0..term.count {
        let mut explosions = 0;
        let mut compound: Option<Die> = None;
        loop {
            let f = face(term, dice, list);
            let penetrating = term.explode.is_some_and(|e| e.kind == ExplodeKind::Penetrate) && explosions > 0;
            let value = clamp(term, f - i64::from(penetrating));
            let explodes = term.explode.is_some_and(|e| e.on.matches(f)) && explosions < MAX_EXPLOSIONS;
            if term.explode.is_some_and(|e| e.kind == ExplodeKind::Compound) {
                let die = compound.get_or_insert_with(|| Die::new(0));
                die.value += value;
                die.rolls.push(f);
                die.exploded |= explodes;
                if !explodes {
                    let mut die = compound.take().expect("a compounded die was started");
                    if die.rolls.len() == 1 {
                        die.rolls.clear();
                    }
                    list.push(die);
                    break;
                }
            } else {
                let mut die = Die::new(value);
                die.exploded = explodes;
                if value != f {
                    die.face = Some(f);
                }
                list.push(die);
                if !explodes {
                    break;
                }
            }
            explosions += 1;
        }
    }
    if let Some(keep) = term.keep {
        let mut pool: Vec<usize> = (start..list.len()).filter(|&i| !list[i].rerolled).collect();
        // Stable: among equal values the earlier die is kept.
        if keep.highest {
            pool.sort_by(|&a, &b| list[b].value.cmp(&list[a].value));
        } else {
            pool.sort_by(|&a, &b| list[a].value.cmp(&list[b].value));
        }
        for &i in pool.iter().skip(keep.count as usize) {
            list[i].kept = false;
        }
    }
    let mut total = 0;
    for die in &mut list[start..] {
        if let Some(on) = term.success {
            if die.rerolled {
                continue;
            }
            let success = on.matches(die.value);
            die.success = Some(success);
            if let Some(fail) = term.failure {
                die.failure = Some(fail.matches(die.value));
            }
            if die.kept {
                total += i64::from(success) - i64::from(die.failure == Some(true));
            }
        } else if die.kept {
            total += die.value;
        }
    }
    out.terms.push(TermSpan { text: term.text.clone(), dice: start..list.len(), success: term.success.is_some() });
    total
}

/// How one die reads: `5`, `(5)` dropped, `~1~` rerolled, `6!` exploded, `9*` a success,
/// `1_` a failure, `6→5` a face that counts otherwise, `{6+6+3}` a compounded die.
pub fn die_text(die: &Die) -> String {
    let mut s = String::new();
    if die.rolls.len() > 1 {
        s.push('{');
        for (i, f) in die.rolls.iter().enumerate() {
            if i > 0 {
                s.push('+');
            }
            let _ = write!(s, "{f}");
        }
        s.push('}');
        if die.rolls.iter().sum::<i64>() != die.value {
            let _ = write!(s, "→{}", die.value);
        }
    } else if let Some(face) = die.face {
        let _ = write!(s, "{face}→{}", die.value);
    } else {
        let _ = write!(s, "{}", die.value);
    }
    if die.exploded && die.rolls.len() <= 1 {
        s.push('!');
    }
    if die.success == Some(true) && !die.rerolled {
        s.push('*');
    }
    if die.failure == Some(true) && !die.rerolled {
        s.push('_');
    }
    if die.rerolled {
        return format!("~{s}~");
    }
    if !die.kept {
        return format!("({s})");
    }
    s
}
