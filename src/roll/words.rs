//! The words of `fray roll` read into rolls: words of one expression typed with spaces join
//! (`1d20 + 7`), `adv`/`dis` and `vs N` follow the expression they change, and words after the
//! last expression that are none are its label (`1d20+5 longsword`).

use super::versus::{self, Test};
use crate::cast::echo;
use crate::dice::Versus;
use crate::dice::expr::parse::{Faces, Keep, Node, ParseError, Term};
use crate::dice::expr::{Repeated, parse_repeated};
use crate::error::{Error, Result};

/// One roll as the command line gives it.
#[derive(Clone, Debug)]
pub struct Spec {
    /// As shown: the expression's words joined by one space, then `adv`, `vs N`.
    pub text: String,
    pub repeat: Option<u32>,
    pub node: Node,
    /// `EXPR vs N`: what is rolled against the number, and the number.
    pub test: Option<(Test, i64)>,
    /// The words after the last expression.
    pub label: Option<String>,
}

/// Advantage or disadvantage on the d20 of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Advantage,
    Disadvantage,
}

/// The words of one roll, before they are parsed.
#[derive(Default)]
struct Draft {
    words: Vec<String>,
    mode: Option<(Mode, String)>,
    vs: Option<(String, String)>,
}

impl Draft {
    fn expression(&self) -> String {
        self.words.join(" ")
    }

    /// Whether the expression so far wants another word: it ends with an operator, a comma
    /// or `Nx`, or leaves a bracket open.
    fn open(&self) -> bool {
        let text = self.expression();
        let depth = text.chars().fold(0i64, |d, c| match c {
            '(' | '{' | '[' => d + 1,
            ')' | '}' | ']' => d - 1,
            _ => d,
        });
        let trimmed = text.trim_end();
        let repeat = trimmed
            .strip_suffix(['x', 'X', '×'])
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        depth > 0 || repeat || trimmed.ends_with(['+', '-', '*', '/', ','])
    }
}

/// The words `adv`, `advantage`, `dis`, `disadvantage` (Avrae's), in any case.
fn mode_word(word: &str) -> Option<Mode> {
    match word.to_lowercase().as_str() {
        "adv" | "advantage" => Some(Mode::Advantage),
        "dis" | "disadvantage" => Some(Mode::Disadvantage),
        _ => None,
    }
}

/// Reads the command's words into rolls, under `versus` (the ruleset's meaning of `vs`, named
/// `rules` in messages).
pub fn read(args: &[String], versus: Versus, rules: &str) -> Result<Vec<Spec>> {
    let mut drafts: Vec<Draft> = Vec::new();
    let mut label: Vec<String> = Vec::new();
    // Each argument's words; the words of one argument (quoted together) stay together.
    let mut tokens: Vec<(String, bool)> = Vec::new();
    for arg in args {
        for (i, word) in arg.split_whitespace().enumerate() {
            tokens.push((word.to_string(), i > 0));
        }
        if arg.trim().is_empty() {
            tokens.push((String::new(), false));
        }
    }
    let mut i = 0;
    while i < tokens.len() {
        let (word, glued) = (&tokens[i].0, tokens[i].1);
        i += 1;
        if !label.is_empty() {
            if parse_repeated(word).is_ok() {
                return Err(Error::usage(format!(
                    "'{}' comes after the label '{}': words that are no dice expression label the last roll",
                    echo(word),
                    echo(&label.join(" "))
                ))
                .hint("put the label last, or quote a word that is not an expression"));
            }
            label.push(word.clone());
            continue;
        }
        if let Some(mode) = mode_word(word) {
            let Some(draft) = drafts.last_mut() else {
                return Err(Error::usage(format!("'{}' comes before any expression", echo(word)))
                    .hint("it follows the d20 expression it changes: fray roll 1d20+7 adv"));
            };
            if let Some((_, before)) = &draft.mode {
                return Err(Error::usage(format!(
                    "'{}' after '{}': one roll has advantage or disadvantage once",
                    echo(word),
                    echo(before)
                )));
            }
            draft.mode = Some((mode, word.clone()));
            continue;
        }
        if word.eq_ignore_ascii_case("vs") {
            let Some(draft) = drafts.last_mut() else {
                return Err(Error::usage("'vs' comes before any expression")
                    .hint("write the roll first: fray roll 1d20+5 vs 15"));
            };
            let Some((number, _)) = tokens.get(i) else {
                return Err(Error::usage(format!("'{} vs' has no number to roll against", echo(&draft.expression())))
                    .hint("give the number after vs: 1d20+5 vs 15, 3d6 vs 12"));
            };
            if draft.vs.is_some() {
                return Err(Error::usage(format!(
                    "'{}' is rolled against one number, not two",
                    echo(&draft.expression())
                )));
            }
            draft.vs = Some((word.clone(), number.clone()));
            i += 1;
            continue;
        }
        let joins = drafts.last().is_some_and(|d| d.vs.is_none() && d.mode.is_none() && (glued || d.open()))
            || drafts.last().is_some_and(|d| d.vs.is_none() && d.mode.is_none())
                && word.starts_with(['+', '-', '*', '/', ')', '}', ']', ',']);
        if joins {
            drafts.last_mut().expect("a draft to join").words.push(word.clone());
        } else if parse_repeated(word).is_ok() || word.starts_with(['(', '{']) || drafts.is_empty() {
            drafts.push(Draft { words: vec![word.clone()], ..Draft::default() });
        } else {
            label.push(word.clone());
        }
    }
    let last = drafts.len().saturating_sub(1);
    drafts
        .into_iter()
        .enumerate()
        .map(|(k, draft)| {
            spec(draft, if k == last && !label.is_empty() { Some(label.join(" ")) } else { None }, versus, rules)
        })
        .collect()
}

/// One roll's words parsed: the expression, advantage, the test against a number.
fn spec(draft: Draft, label: Option<String>, versus: Versus, rules: &str) -> Result<Spec> {
    let expression = draft.expression();
    let mut text = expression.clone();
    let Repeated { count: repeat, mut node } =
        parse_repeated(&expression).map_err(|e| refusal(&expression, &e, draft.words.len() > 1))?;
    if let Some((mode, word)) = &draft.mode {
        let column = text.chars().count() + 2;
        text = format!("{text} {word}");
        advantage(&mut node, *mode).map_err(|why| {
            Error::usage(format!("'{}', column {column}: {why}", echo(&text)))
                .hint("advantage is two d20s, the higher kept: 1d20+7 adv is 2d20kh1+7")
        })?;
    }
    let mut test = None;
    if let Some((vs, number)) = &draft.vs {
        let column = text.chars().count() + 2;
        text = format!("{text} {vs} {number}");
        let at = |why: String| format!("'{}', column {column}: {why}", echo(&text));
        let target: i64 = number.parse().ok().filter(|n: &i64| n.abs() <= 1_000_000).ok_or_else(|| {
            Error::usage(at(format!("'{}' after vs is not a whole number", echo(number))))
                .hint("give the number to roll against: 1d20+5 vs 15, 3d6 vs 12")
        })?;
        let kind = versus::test(&node, versus)
            .map_err(|(why, hint)| Error::usage(at(why.replace("RULES", rules))).hint(hint))?;
        test = Some((kind, target));
    }
    Ok(Spec { text, repeat, node, test, label })
}

/// A parse error as the user sees it: the expression, the column, and how the words were
/// read when several were joined.
fn refusal(expression: &str, e: &ParseError, joined: bool) -> Error {
    let err = Error::usage(format!("'{}', column {}: {}", echo(expression), e.column, e.message));
    match (e.hint, joined) {
        (Some(hint), _) => err.hint(hint),
        (None, true) => {
            err.hint("words of one expression typed apart are joined; quote each expression to roll them apart")
        }
        (None, false) => err,
    }
}

/// `adv`/`dis`: the one d20 of `node` becomes two, the higher (lower) kept.
fn advantage(node: &mut Node, mode: Mode) -> std::result::Result<(), String> {
    let word = if mode == Mode::Advantage { "advantage" } else { "disadvantage" };
    let d20: Vec<&Term> = node.terms().into_iter().filter(|t| t.faces == Faces::Numbered(20)).collect();
    match d20.as_slice() {
        [] => return Err(format!("{word} is for a roll of one d20, and this one rolls none")),
        [t] if t.count != 1 || t.keep.is_some() => {
            return Err(format!("{word} is for one d20, and '{}' rolls {} or keeps some", echo(&t.text), t.count));
        }
        [_] => {}
        more => return Err(format!("{word} is for a roll of one d20, and this one has {} d20 terms", more.len())),
    }
    fn each(node: &mut Node, change: &mut dyn FnMut(&mut Term)) {
        match node {
            Node::Const(_) => {}
            Node::Dice(t) => change(t),
            Node::Neg(a) | Node::Label(a, _) => each(a, change),
            Node::Bin(_, a, b) => {
                each(a, change);
                each(b, change);
            }
            Node::Group(g) => g.items.iter_mut().for_each(|i| each(i, change)),
        }
    }
    each(node, &mut |t| {
        if t.faces == Faces::Numbered(20) {
            t.count = 2;
            t.keep = Some(Keep { highest: mode == Mode::Advantage, count: 1 });
        }
    });
    Ok(())
}
