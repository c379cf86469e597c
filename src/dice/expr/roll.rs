//! Rolling an expression through fray's seeded die, every die kept for display.

use super::parse::{Compare, ExplodeKind, Faces, Node, Op, Term};
use super::{MAX_EXPLOSIONS, MAX_REROLLS, MAX_ROLLED};
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

/// Where one term's dice lie in the expression's list of dice, what it counted, and its total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermSpan {
    pub dice: std::ops::Range<usize>,
    /// What a die must show to count as a success, where the term counts them.
    pub success: Option<Compare>,
    pub total: i64,
}

/// A labelled part (`2d6[fire]`) and what it came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    pub label: String,
    pub total: i64,
}

/// A group (`{1d20+5, 1d20+3}kh1`): each expression's total, and whether it was kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupRolled {
    pub items: Vec<Item>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Item {
    pub total: i64,
    pub kept: bool,
}

/// One expression rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Rolled {
    pub expression: String,
    pub total: i64,
    pub dice: Vec<Die>,
    /// The labelled parts, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupRolled>,
    #[serde(skip)]
    pub terms: Vec<TermSpan>,
    /// The expression is one dice term alone (`10d10>=8`), whose total reads as the term's.
    #[serde(skip)]
    pub bare: bool,
}

/// Dice a roll draws: the seeded die, and what is left of the expression's budget
/// ([`MAX_ROLLED`]); with `shown` false only the totals are kept, not each die.
pub struct Roller<'a> {
    dice: &'a mut SeededDice,
    left: u64,
    shown: bool,
}

impl<'a> Roller<'a> {
    /// A roll whose dice are each kept to be shown.
    pub fn new(dice: &'a mut SeededDice) -> Roller<'a> {
        Roller { dice, left: MAX_ROLLED, shown: true }
    }

    /// A roll that keeps its totals only (`-q`, estimates): no die is stored past its term.
    pub fn totals(dice: &'a mut SeededDice) -> Roller<'a> {
        Roller { shown: false, ..Roller::new(dice) }
    }

    /// A fresh budget, for the next expression (or the next repetition of one).
    pub fn renew(&mut self) {
        self.left = MAX_ROLLED;
    }

    fn die(&mut self, sides: u32) -> u32 {
        self.left = self.left.saturating_sub(1);
        self.dice.die(sides)
    }

    /// Whether another die may be drawn for a reroll or an explosion.
    fn more(&self) -> bool {
        self.left > 0
    }
}

/// Rolls `node` (written `text`) into `out`, reusing its buffers.
pub fn roll_into(text: &str, node: &Node, roller: &mut Roller, out: &mut Rolled) {
    out.expression.clear();
    out.expression.push_str(text);
    out.dice.clear();
    out.terms.clear();
    out.parts.clear();
    out.groups.clear();
    out.bare = matches!(node, Node::Dice(_));
    out.total = eval(node, roller, out);
}

/// Rolls `node` once, every die kept.
pub fn roll(text: &str, node: &Node, dice: &mut SeededDice) -> Rolled {
    let mut out = Rolled::default();
    roll_into(text, node, &mut Roller::new(dice), &mut out);
    out
}

fn eval(node: &Node, roller: &mut Roller, out: &mut Rolled) -> i64 {
    match node {
        Node::Const(n) => *n,
        Node::Neg(inner) => -eval(inner, roller, out),
        Node::Dice(term) => roll_term(term, roller, out),
        Node::Label(inner, label) => {
            let at = out.parts.len();
            out.parts.push(Part { label: label.clone(), total: 0 });
            let total = eval(inner, roller, out);
            out.parts[at].total = total;
            total
        }
        Node::Group(group) => {
            let at = out.groups.len();
            out.groups.push(GroupRolled { items: Vec::with_capacity(group.items.len()) });
            let mut items: Vec<Item> =
                group.items.iter().map(|item| Item { total: eval(item, roller, out), kept: true }).collect();
            if let Some(keep) = group.keep {
                let mut order: Vec<usize> = (0..items.len()).collect();
                // Stable: among equal totals the earlier item is kept.
                if keep.highest {
                    order.sort_by(|&a, &b| items[b].total.cmp(&items[a].total));
                } else {
                    order.sort_by(|&a, &b| items[a].total.cmp(&items[b].total));
                }
                for &i in order.iter().skip(keep.count as usize) {
                    items[i].kept = false;
                }
            }
            let total = items.iter().filter(|i| i.kept).map(|i| i.total).sum();
            out.groups[at].items = items;
            total
        }
        Node::Bin(op, a, b) => {
            let (a, b) = (eval(a, roller, out), eval(b, roller, out));
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

/// One face of `term`'s die, rerolled as the term says; rerolled-away dice go to `out` when
/// they are shown.
fn face(term: &Term, roller: &mut Roller, out: &mut Vec<Die>) -> i64 {
    let draw = |roller: &mut Roller| match term.faces {
        Faces::Numbered(n) => i64::from(roller.die(n)),
        Faces::Fate => i64::from(roller.die(3)) - 2,
        // Tens, then units.
        Faces::D66 => i64::from(roller.die(6)) * 10 + i64::from(roller.die(6)),
    };
    let mut f = draw(roller);
    let Some(reroll) = &term.reroll else { return f };
    let mut rerolls = 0;
    while reroll.matches(f) {
        if roller.shown {
            out.push(Die { kept: false, rerolled: true, ..Die::new(f) });
        }
        if reroll.once {
            return draw(roller);
        }
        rerolls += 1;
        if rerolls == MAX_REROLLS || !roller.more() {
            // Rerolling on would end on each staying face alike: draw one of them.
            let staying = u64::from(term.faces.count()) - term.faces.matching(&reroll.on);
            let k = roller.die(staying as u32);
            return term.faces.nth_outside(&reroll.on, u64::from(k)).expect("a staying face is drawn");
        }
        f = draw(roller);
    }
    f
}

fn clamp(term: &Term, v: i64) -> i64 {
    let v = term.min.map_or(v, |m| v.max(m));
    term.max.map_or(v, |m| v.min(m))
}

fn roll_term(term: &Term, roller: &mut Roller, out: &mut Rolled) -> i64 {
    let start = out.dice.len();
    let list = &mut out.dice;
    for _ in 0..term.count {
        let mut explosions = 0;
        let mut compound: Option<Die> = None;
        loop {
            let f = face(term, roller, list);
            let penetrating = term.explode.is_some_and(|e| e.kind == ExplodeKind::Penetrate) && explosions > 0;
            let value = clamp(term, f - i64::from(penetrating));
            let explodes =
                term.explode.is_some_and(|e| e.on.matches(f)) && explosions < MAX_EXPLOSIONS && roller.more();
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
    if roller.shown {
        out.terms.push(TermSpan { dice: start..list.len(), success: term.success, total });
    } else {
        // Nothing shows the dice: only the total is kept.
        list.truncate(start);
    }
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
