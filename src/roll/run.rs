//! `fray roll`: rolls each expression (or gives its odds) and writes the documents.

use super::text::{self, OddsText, Row};
use crate::cast::echo;
use crate::cli::{Format, RollArgs};
use crate::dice::SeededDice;
use crate::dice::expr::budget;
use crate::dice::expr::odds::{self, Exact, Fail, Fuel, ratio_f64};
use crate::dice::expr::parse::{self, ExplodeKind, Node};
use crate::dice::expr::roll::{Rolled, Roller, roll_into};
use crate::emit::VERSION;
use crate::env::{Env, Settings};
use crate::error::{Error, Result};
use crate::prob::Prob;
use crate::render::{self, Palette};
use num_bigint::{BigInt, BigUint};
use num_traits::Zero;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Seeded rolls an estimate takes at most, and the dice they may roll in all.
const TRIALS: u64 = 100_000;
const TRIAL_DICE: f64 = 30_000_000.0;
/// An estimate is refused when its totals spread wider than this (it would list noise).
const ESTIMATE_SPREAD: i128 = 100_000;

#[derive(Serialize)]
struct RollDoc<'a> {
    command: &'static str,
    seed: u64,
    version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u64>,
    results: &'a [Rolled],
}

pub fn run(args: &RollArgs, settings: &Settings, env: &mut Env) -> Result<()> {
    let parsed: Vec<(&str, Node)> =
        args.expressions.iter().map(|e| expression(e).map(|n| (e.as_str(), n))).collect::<Result<_>>()?;
    if settings.odds && settings.repeat.is_some() {
        return Err(Error::usage("--odds does not roll, so --repeat has nothing to repeat").hint("drop one of them"));
    }
    let format = if settings.quiet { Format::Text } else { settings.format };
    let color = format == Format::Text && env.color(settings.color);
    let palette = Palette::new(color);
    if settings.odds {
        for (text, node) in &parsed {
            write_odds(text, node, settings, format, &palette, env)?;
        }
        return Ok(());
    }
    if settings.show_seed && settings.quiet {
        writeln!(env.stderr, "seed {}", settings.seed)?;
    }
    let mut dice = SeededDice::new(settings.seed);
    let mut roller = if settings.quiet { Roller::totals(&mut dice) } else { Roller::new(&mut dice) };
    let mut results: Vec<Rolled> = parsed.iter().map(|_| Rolled::default()).collect();
    let mut buf: Vec<u8> = Vec::new();
    let mut block = String::new();
    let count = settings.repeat.unwrap_or(1);
    for n in 1..=count {
        for ((text, node), out) in parsed.iter().zip(&mut results) {
            roller.renew();
            roll_into(text, node, &mut roller, out);
        }
        buf.clear();
        if settings.quiet {
            let mut num = itoa::Buffer::new();
            for (i, r) in results.iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                buf.extend_from_slice(num.format(r.total).as_bytes());
            }
            buf.push(b'\n');
        } else {
            let doc = RollDoc {
                command: "roll",
                seed: settings.seed,
                version: VERSION,
                n: settings.repeat.map(|_| n),
                results: &results,
            };
            match format {
                Format::Json => {
                    serde_json::to_writer(&mut buf, &doc).map_err(serialize_error)?;
                    buf.push(b'\n');
                }
                Format::Yaml => {
                    if settings.repeat.is_some() {
                        buf.extend_from_slice(b"---\n");
                    }
                    buf.extend_from_slice(render::yaml::to_string(&doc).map_err(serialize_error)?.as_bytes());
                }
                Format::Text => {
                    block.clear();
                    if n > 1 {
                        block.push('\n');
                    }
                    let mut title = "roll".to_string();
                    if settings.repeat.is_some() {
                        let _ = write!(title, " · run {n}");
                    }
                    if settings.show_seed {
                        let _ = write!(title, " · seed {}", settings.seed);
                    }
                    let _ = writeln!(block, "{}", palette.paint(palette.title, title));
                    text::rolls(&results, &palette, &mut block);
                    buf.extend_from_slice(block.as_bytes());
                }
            }
        }
        env.stdout.write_all(&buf)?;
    }
    Ok(())
}

/// Parses `text` into an expression, or a usage error pointing at the column.
fn expression(text: &str) -> Result<Node> {
    crate::dice::expr::parse(text).map_err(|e| {
        let err = Error::usage(format!("'{}', column {}: {}", echo(text), e.column, e.message));
        match e.hint {
            Some(hint) => err.hint(hint),
            None => err,
        }
    })
}

fn serialize_error(err: impl std::fmt::Display) -> Error {
    Error::data(format!("cannot serialize the result: {err}"))
}

#[derive(Serialize)]
struct OddsDoc<'a> {
    command: &'static str,
    expression: &'a str,
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    beyond: Option<Beyond>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    version: &'static str,
    mean: f64,
    sd: f64,
    odds: Vec<EntryDoc>,
}

#[derive(Serialize)]
struct Beyond {
    fraction: String,
    probability: f64,
}

#[derive(Serialize)]
struct EntryDoc {
    outcome: i64,
    label: String,
    probability: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    fraction: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    margin: Option<f64>,
    at_least: f64,
}

/// The answer to `--odds` for one expression: exact, exact but with a tail left out, or
/// estimated.
pub struct Answer {
    pub rows: Vec<Row>,
    pub mean: f64,
    pub sd: f64,
    pub beyond: Option<(String, f64)>,
    pub trials: Option<(u64, u64)>,
}

/// Works out the odds of `node`, or estimates them, or says why not.
pub fn answer(text: &str, node: &Node, seed: u64) -> Result<Answer> {
    match odds::exact(node, &mut Fuel::new()) {
        Ok(exact) => Ok(from_exact(&exact)),
        Err(fail) => estimate(text, node, seed, fail),
    }
}

fn from_exact(e: &Exact) -> Answer {
    let den = BigInt::from(e.den.clone());
    let mut listed = BigUint::zero();
    let (mut s1, mut s2) = (BigInt::zero(), BigInt::zero());
    for (v, w) in &e.outcomes {
        listed += w;
        let w = BigInt::from(w.clone());
        let v = BigInt::from(*v);
        s1 += &w * &v;
        s2 += &w * &v * &v;
    }
    let rest = if e.den > listed { &e.den - &listed } else { BigUint::zero() };
    let mass = BigInt::from(listed.clone());
    let mean = ratio_f64(&s1, &mass);
    // Var = (Σw·Σwv² − (Σwv)²) / (Σw)², worked in whole numbers so nothing cancels.
    let var = ratio_f64(&(&mass * &s2 - &s1 * &s1), &(&mass * &mass));
    let mut above = BigInt::from(rest.clone());
    let mut rows: Vec<Row> = Vec::with_capacity(e.outcomes.len());
    for (v, w) in e.outcomes.iter().rev() {
        above += BigInt::from(w.clone());
        let prob = Prob::ratio(w, &e.den);
        rows.push(Row {
            outcome: *v,
            fraction: Some(prob.to_string()),
            probability: prob.to_f64(),
            at_least: ratio_f64(&above, &den),
            margin: None,
        });
    }
    rows.reverse();
    let beyond = (e.exact_to.is_some() && !rest.is_zero()).then(|| {
        let p = Prob::ratio(&rest, &e.den);
        (p.to_string(), p.to_f64())
    });
    Answer { rows, mean, sd: var.max(0.0).sqrt(), beyond, trials: None }
}

fn estimate(text: &str, node: &Node, seed: u64, fail: Fail) -> Result<Answer> {
    let why = match fail {
        Fail::Costly | Fail::Wide => {
            "working it out exactly would take more than fray allows (a few seconds and 200 MiB)"
        }
        Fail::Unsupported => "fray does not work it out exactly",
    };
    let (low, high) = parse::range(node).unwrap_or((0, i128::MAX));
    let dice = budget::expected_dice(node).max(1.0);
    let trials = (TRIAL_DICE / dice).min(TRIALS as f64) as u64;
    let spread = high.saturating_sub(low);
    if trials < 1000 || (spread > ESTIMATE_SPREAD && !exploding_only(node)) {
        return Err(Error::usage(format!("--odds of '{text}': {why}, and too many dice to estimate it well"))
            .hint("roll fewer dice, or fewer faces"));
    }
    let mut dice = SeededDice::new(seed);
    let mut roller = Roller::totals(&mut dice);
    let mut counts: BTreeMap<i64, u64> = BTreeMap::new();
    let mut out = Rolled::default();
    for i in 0..trials {
        roller.renew();
        roll_into(text, node, &mut roller, &mut out);
        *counts.entry(out.total).or_default() += 1;
        // Totals this spread would be listed one or two rolls each: say so at once.
        if i == 999 && counts.len() > 300 {
            break;
        }
    }
    if counts.len() as u64 > trials / 10 || counts.len() > 300 && counts.values().sum::<u64>() < trials {
        return Err(Error::usage(format!("--odds of '{text}': {why}, and its totals are too spread to estimate"))
            .hint("roll fewer dice, or fewer faces"));
    }
    let n = trials as f64;
    let mean = counts.iter().map(|(&v, &c)| v as f64 * c as f64).sum::<f64>() / n;
    let var = counts.iter().map(|(&v, &c)| (v as f64 - mean).powi(2) * c as f64).sum::<f64>() / n;
    let mut above = trials;
    let rows = counts
        .iter()
        .map(|(&v, &c)| {
            let p = c as f64 / n;
            let row = Row {
                outcome: v,
                fraction: None,
                probability: p,
                at_least: above as f64 / n,
                margin: Some(1.96 * (p * (1.0 - p) / n).sqrt()),
            };
            above -= c;
            row
        })
        .collect();
    Ok(Answer { rows, mean, sd: var.sqrt(), beyond: None, trials: Some((trials, seed)) })
}

/// Every term with an open-ended range explodes (its range is the cap, not what it shows).
fn exploding_only(node: &Node) -> bool {
    match node {
        Node::Const(_) => true,
        Node::Neg(a) | Node::Label(a, _) => exploding_only(a),
        Node::Group(g) => g.items.iter().all(exploding_only),
        Node::Bin(_, a, b) => exploding_only(a) && exploding_only(b),
        Node::Dice(t) => {
            t.explode.is_some_and(|e| e.kind != ExplodeKind::Compound || t.keep.is_some())
                && f64::from(t.count) * f64::from(t.faces.count()) <= 1e5
        }
    }
}

fn write_odds(text: &str, node: &Node, settings: &Settings, format: Format, p: &Palette, env: &mut Env) -> Result<()> {
    let a = answer(text, node, settings.seed)?;
    let mut out = String::new();
    match format {
        Format::Text if settings.quiet => {
            for row in &a.rows {
                let shown = row.fraction.clone().unwrap_or_else(|| format!("≈{}", row.probability));
                let _ = writeln!(out, "{shown} {}", row.outcome);
            }
        }
        Format::Text => {
            let kind = if a.trials.is_some() {
                "estimated odds"
            } else if a.beyond.is_some() {
                "exact odds, a tail left out"
            } else {
                "exact odds"
            };
            let _ = writeln!(out, "{}", p.paint(p.title, format!("roll · {text} · {kind}")));
            text::odds(
                &OddsText { rows: &a.rows, mean: a.mean, sd: a.sd, beyond: a.beyond.clone(), trials: a.trials },
                p,
                &mut out,
            );
        }
        Format::Json | Format::Yaml => {
            let doc = OddsDoc {
                command: "roll",
                expression: text,
                exact: a.trials.is_none() && a.beyond.is_none(),
                beyond: a.beyond.map(|(fraction, probability)| Beyond { fraction, probability }),
                trials: a.trials.map(|t| t.0),
                seed: a.trials.map(|t| t.1),
                version: VERSION,
                mean: a.mean,
                sd: a.sd,
                odds: a
                    .rows
                    .iter()
                    .map(|r| EntryDoc {
                        outcome: r.outcome,
                        label: r.outcome.to_string(),
                        probability: r.probability,
                        fraction: r.fraction.clone(),
                        margin: r.margin,
                        at_least: r.at_least,
                    })
                    .collect(),
            };
            if format == Format::Json {
                out = serde_json::to_string(&doc).map_err(serialize_error)?;
                out.push('\n');
            } else {
                out = render::yaml::to_string(&doc).map_err(serialize_error)?;
            }
        }
    }
    env.stdout.write_all(out.as_bytes())?;
    Ok(())
}
