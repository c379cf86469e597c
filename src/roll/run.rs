//! `fray roll`: rolls each expression (or gives its odds) and writes the documents.

use super::text::{self, OddsText, Row, Shown};
use super::versus::{self, Test, Verdict};
use super::words::{self, Spec};
use crate::cli::{Format, RollArgs};
use crate::dice::SeededDice;
use crate::dice::expr::budget;
use crate::dice::expr::odds::{self, Counts, Exact, Fail, Fuel, ratio_f64};
use crate::dice::expr::parse::{self, ExplodeKind, Node};
use crate::dice::expr::roll::{Die, GroupRolled, Part, Rolled, Roller, roll_into};
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
use std::io::Write as _;

/// Seeded rolls an estimate takes at most, and the dice they may roll in all.
const TRIALS: u64 = 100_000;
const TRIAL_DICE: f64 = 30_000_000.0;
/// An estimate is refused when its totals spread wider than this (it would list noise).
const ESTIMATE_SPREAD: i128 = 100_000;

/// One roll as rolled: each repetition, and how each met the number.
#[derive(Default)]
struct Outcome {
    rolls: Vec<Rolled>,
    verdicts: Vec<Verdict>,
}

#[derive(Serialize)]
struct RollDoc<'a> {
    command: &'static str,
    seed: u64,
    version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u64>,
    results: Vec<ResultDoc<'a>>,
}

/// One expression in a document: a single roll, or `NxEXPR`'s repetitions.
#[derive(Serialize)]
#[serde(untagged)]
enum ResultDoc<'a> {
    Single(Single<'a>),
    Repeated(Repeated<'a>),
}

#[derive(Serialize)]
struct Single<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    expression: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    total: i64,
    dice: &'a [Die],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    parts: &'a [Part],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    groups: &'a [GroupRolled],
    #[serde(skip_serializing_if = "Option::is_none")]
    vs: Option<i64>,
    /// A d20 test: the kept d20's face.
    #[serde(skip_serializing_if = "Option::is_none")]
    natural: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hit: Option<bool>,
    /// A success roll: the number less the roll.
    #[serde(skip_serializing_if = "Option::is_none")]
    margin: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    success: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    critical: Option<bool>,
}

#[derive(Serialize)]
struct Repeated<'a> {
    expression: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    repeat: u32,
    /// The sum of the repetitions' totals.
    total: i64,
    totals: Vec<i64>,
    /// The totals, highest first.
    sorted: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    vs: Option<i64>,
    /// Against a number: how many hit (or succeeded).
    #[serde(skip_serializing_if = "Option::is_none")]
    hits: Option<usize>,
    rolls: Vec<Single<'a>>,
}

fn single<'a>(
    r: &'a Rolled,
    expression: Option<&'a str>,
    label: Option<&'a str>,
    vs: Option<i64>,
    verdict: Option<Verdict>,
) -> Single<'a> {
    let mut doc = Single {
        expression,
        label,
        total: r.total,
        dice: &r.dice,
        parts: &r.parts,
        groups: &r.groups,
        vs,
        natural: None,
        hit: None,
        margin: None,
        success: None,
        critical: None,
    };
    match verdict {
        Some(Verdict::D20 { natural, hit, critical }) => {
            (doc.natural, doc.hit, doc.critical) = (Some(natural), Some(hit), Some(critical));
        }
        Some(Verdict::Success { margin, success, critical }) => {
            (doc.margin, doc.success, doc.critical) = (Some(margin), Some(success), Some(critical));
        }
        None => {}
    }
    doc
}

fn document<'a>(spec: &'a Spec, o: &'a Outcome) -> ResultDoc<'a> {
    let vs = spec.test.map(|t| t.1);
    let label = spec.label.as_deref();
    let Some(repeat) = spec.repeat else {
        return ResultDoc::Single(single(&o.rolls[0], Some(&spec.text), label, vs, o.verdicts.first().copied()));
    };
    let totals: Vec<i64> = o.rolls.iter().map(|r| r.total).collect();
    let mut sorted = totals.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    ResultDoc::Repeated(Repeated {
        expression: &spec.text,
        label,
        repeat,
        total: totals.iter().sum(),
        totals,
        sorted,
        vs,
        hits: vs.map(|_| o.verdicts.iter().filter(|v| v.met()).count()),
        rolls: o
            .rolls
            .iter()
            .enumerate()
            .map(|(k, r)| single(r, None, None, None, o.verdicts.get(k).copied()))
            .collect(),
    })
}

/// What `-q` prints of one roll: its total; a repetition's totals, space apart; against a
/// number the result (`hit`, `critical`…), or over repetitions how many hit.
fn quiet(spec: &Spec, o: &Outcome, out: &mut Vec<u8>) {
    match (spec.repeat, o.verdicts.first()) {
        (None, None) => out.extend_from_slice(itoa::Buffer::new().format(o.rolls[0].total).as_bytes()),
        (None, Some(v)) => out.extend_from_slice(versus::key(v).as_bytes()),
        (Some(_), None) => {
            for (k, r) in o.rolls.iter().enumerate() {
                if k > 0 {
                    out.push(b' ');
                }
                out.extend_from_slice(itoa::Buffer::new().format(r.total).as_bytes());
            }
        }
        (Some(_), Some(_)) => {
            let met = o.verdicts.iter().filter(|v| v.met()).count();
            out.extend_from_slice(itoa::Buffer::new().format(met).as_bytes());
        }
    }
}

/// Rolls `spec` once (every repetition) into `out`.
fn roll_spec(spec: &Spec, roller: &mut Roller, out: &mut Outcome) {
    let count = spec.repeat.unwrap_or(1) as usize;
    out.rolls.resize_with(count, Rolled::default);
    out.verdicts.clear();
    // One budget for all the repetitions of an expression.
    roller.renew();
    for r in &mut out.rolls {
        roll_into(&spec.text, &spec.node, roller, r);
        if let Some((test, target)) = spec.test {
            out.verdicts.push(versus::judge(test, target, r));
        }
    }
}

pub fn run(args: &RollArgs, settings: &Settings, env: &mut Env) -> Result<()> {
    let specs = words::read(&args.expressions, settings.rules.versus, settings.rules.id)?;
    if settings.odds && settings.repeat.is_some() {
        return Err(Error::usage("--odds does not roll, so --repeat has nothing to repeat").hint("drop one of them"));
    }
    let format = if settings.quiet { Format::Text } else { settings.format };
    let color = format == Format::Text && env.color(settings.color);
    let palette = Palette::new(color);
    if settings.odds {
        for spec in &specs {
            write_odds(spec, settings, format, &palette, env)?;
        }
        return Ok(());
    }
    if settings.show_seed && settings.quiet {
        writeln!(env.stderr, "seed {}", settings.seed)?;
    }
    // A verdict needs the d20's die even where nothing shows it.
    let shown = !settings.quiet || specs.iter().any(|s| s.test.is_some());
    let mut dice = SeededDice::new(settings.seed);
    let mut roller = if shown { Roller::new(&mut dice) } else { Roller::totals(&mut dice) };
    let mut outcomes: Vec<Outcome> = specs.iter().map(|_| Outcome::default()).collect();
    let mut buf: Vec<u8> = Vec::new();
    let mut block = String::new();
    let count = settings.repeat.unwrap_or(1);
    for n in 1..=count {
        for (spec, out) in specs.iter().zip(&mut outcomes) {
            roll_spec(spec, &mut roller, out);
        }
        buf.clear();
        if settings.quiet {
            for (i, (spec, o)) in specs.iter().zip(&outcomes).enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                quiet(spec, o, &mut buf);
            }
            buf.push(b'\n');
        } else {
            match format {
                Format::Json | Format::Yaml => {
                    let doc = RollDoc {
                        command: "roll",
                        seed: settings.seed,
                        version: VERSION,
                        n: settings.repeat.map(|_| n),
                        results: specs.iter().zip(&outcomes).map(|(s, o)| document(s, o)).collect(),
                    };
                    if format == Format::Json {
                        serde_json::to_writer(&mut buf, &doc).map_err(serialize_error)?;
                        buf.push(b'\n');
                    } else {
                        if settings.repeat.is_some() {
                            buf.extend_from_slice(b"---\n");
                        }
                        buf.extend_from_slice(render::yaml::to_string(&doc).map_err(serialize_error)?.as_bytes());
                    }
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
                    let shown: Vec<Shown> = specs
                        .iter()
                        .zip(&outcomes)
                        .map(|(s, o)| Shown {
                            name: &s.text,
                            label: s.label.as_deref(),
                            rolls: &o.rolls,
                            verdicts: &o.verdicts,
                            repeated: s.repeat.is_some(),
                        })
                        .collect();
                    text::rolls(&shown, &palette, &mut block);
                    buf.extend_from_slice(block.as_bytes());
                }
            }
        }
        env.stdout.write_all(&buf)?;
    }
    // On a terminal a drawn seed closes the text, dimly, so a roll at the table can be replayed.
    if env.terminal && settings.seed_drawn && !settings.show_seed && format == Format::Text && !settings.quiet {
        block.clear();
        palette.line(&mut block, "", &palette.dim(format_args!("--seed {} replays this", settings.seed)).to_string());
        env.stdout.write_all(block.as_bytes())?;
    }
    Ok(())
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
}

/// The odds document with its list, for JSON.
#[derive(Serialize)]
struct OddsJson<'a> {
    #[serde(flatten)]
    doc: &'a OddsDoc<'a>,
    odds: Entries<'a>,
}

/// The entries of an answer, serialized as they are made.
struct Entries<'a> {
    answer: &'a Answer,
    entry: &'a dyn Fn(&Row) -> EntryDoc,
}

impl Serialize for Entries<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(None)?;
        let mut failed = None;
        self.answer.each_row(&mut |r| {
            if failed.is_none() {
                failed = seq.serialize_element(&(self.entry)(r)).err();
            }
        });
        match failed {
            Some(e) => Err(e),
            None => seq.end(),
        }
    }
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
struct Answer {
    rows: Rows,
    mean: f64,
    sd: f64,
    beyond: Option<(String, f64)>,
    trials: Option<(u64, u64)>,
}

/// The rows of an answer: listed as the engine gave them (each row made when it is written),
/// or estimated.
enum Rows {
    Listed(Listing),
    Estimated(Vec<Row>),
}

/// An exact distribution's listed outcomes, in whole words while they fit, so that a million
/// totals take no big integer each.
enum Listing {
    Dense(Counts<u128>),
    Exact(Exact),
}

impl Listing {
    fn den(&self) -> BigUint {
        match self {
            Listing::Dense(c) => BigUint::from(c.den),
            Listing::Exact(e) => e.den.clone(),
        }
    }

    fn exact_to(&self) -> Option<i64> {
        match self {
            Listing::Dense(c) => c.exact_to,
            Listing::Exact(e) => e.exact_to,
        }
    }

    /// Each listed outcome with its ways, in ascending total.
    fn each(&self, f: &mut dyn FnMut(i64, &BigUint)) {
        match self {
            Listing::Dense(c) => {
                for (i, w) in c.w.iter().enumerate() {
                    if *w != 0 {
                        f(c.lo + i as i64, &BigUint::from(*w));
                    }
                }
            }
            Listing::Exact(e) => e.outcomes.iter().for_each(|(v, w)| f(*v, w)),
        }
    }
}

impl Answer {
    /// The first and the last total listed.
    fn span(&self) -> Option<(i64, i64)> {
        match &self.rows {
            Rows::Estimated(rows) => Some((rows.first()?.outcome, rows.last()?.outcome)),
            Rows::Listed(Listing::Exact(e)) => Some((e.outcomes.first()?.0, e.outcomes.last()?.0)),
            Rows::Listed(Listing::Dense(c)) => {
                let first = c.w.iter().position(|w| *w != 0)?;
                let last = c.w.iter().rposition(|w| *w != 0)?;
                Some((c.lo + first as i64, c.lo + last as i64))
            }
        }
    }

    /// Calls `f` on each row, in ascending total.
    fn each_row(&self, f: &mut dyn FnMut(&Row)) {
        match &self.rows {
            Rows::Estimated(rows) => rows.iter().for_each(f),
            Rows::Listed(listing) => {
                let den = listing.den();
                let den_int = BigInt::from(den.clone());
                // The chance of this total or more: all but what lies below it.
                let mut above = den_int.clone();
                listing.each(&mut |v, w| {
                    let prob = Prob::ratio(w, &den);
                    let row = Row {
                        outcome: v,
                        fraction: Some(prob.to_string()),
                        probability: prob.to_f64(),
                        at_least: ratio_f64(&above, &den_int),
                        margin: None,
                    };
                    above -= BigInt::from(w.clone());
                    f(&row);
                });
            }
        }
    }
}

/// Works out the odds of `spec`'s total, or estimates them, or says why not.
fn answer(spec: &Spec, seed: u64) -> Result<Answer> {
    let mut fuel = Fuel::new();
    let listing = match spec.repeat {
        None => match odds::dense(&spec.node, &mut fuel) {
            Ok(Some(counts)) => Ok(Listing::Dense(counts)),
            Ok(None) => odds::exact(&spec.node, &mut fuel).map(Listing::Exact),
            Err(fail) => Err(fail),
        },
        Some(n) => {
            odds::exact(&spec.node, &mut fuel).and_then(|e| odds::repeated(&e, n, &mut fuel)).map(Listing::Exact)
        }
    };
    match listing {
        Ok(listing) => Ok(from_listing(listing)),
        Err(fail) => estimate(spec, seed, fail),
    }
}

fn from_listing(listing: Listing) -> Answer {
    let den = listing.den();
    let mut listed = BigUint::zero();
    let (mut s1, mut s2) = (BigInt::zero(), BigInt::zero());
    listing.each(&mut |v, w| {
        listed += w;
        let w = BigInt::from(w.clone());
        let v = BigInt::from(v);
        s1 += &w * &v;
        s2 += &w * &v * &v;
    });
    let rest = if den > listed { &den - &listed } else { BigUint::zero() };
    let mass = BigInt::from(listed.clone());
    let mean = ratio_f64(&s1, &mass);
    // Var = (Σw·Σwv² − (Σwv)²) / (Σw)², worked in whole numbers so nothing cancels.
    let var = ratio_f64(&(&mass * &s2 - &s1 * &s1), &(&mass * &mass));
    let beyond = (listing.exact_to().is_some() && !rest.is_zero()).then(|| {
        let p = Prob::ratio(&rest, &den);
        (p.to_string(), p.to_f64())
    });
    Answer { rows: Rows::Listed(listing), mean, sd: var.max(0.0).sqrt(), beyond, trials: None }
}

fn estimate(spec: &Spec, seed: u64, fail: Fail) -> Result<Answer> {
    let (text, node) = (spec.text.as_str(), &spec.node);
    let times = spec.repeat.unwrap_or(1);
    let why = match fail {
        Fail::Costly | Fail::Wide => {
            "working it out exactly would take more than fray allows (a few seconds and 200 MiB)"
        }
        Fail::Unsupported => "fray does not work it out exactly",
    };
    let (low, high) = parse::range(node).unwrap_or((0, i128::MAX));
    let (low, high) = (low.saturating_mul(i128::from(times)), high.saturating_mul(i128::from(times)));
    let dice = (budget::expected_dice(node) * f64::from(times)).max(1.0);
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
        let mut total = 0;
        for _ in 0..times {
            roll_into(text, node, &mut roller, &mut out);
            total += out.total;
        }
        *counts.entry(total).or_default() += 1;
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
    Ok(Answer { rows: Rows::Estimated(rows), mean, sd: var.sqrt(), beyond: None, trials: Some((trials, seed)) })
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

fn write_odds(spec: &Spec, settings: &Settings, format: Format, p: &Palette, env: &mut Env) -> Result<()> {
    if let Some((test, target)) = spec.test {
        return write_test_odds(spec, test, target, settings, format, p, env);
    }
    let text = spec.text.as_str();
    let a = answer(spec, settings.seed)?;
    let mut out = String::new();
    let mut flush = |out: &mut String| -> std::io::Result<()> {
        env.stdout.write_all(out.as_bytes())?;
        out.clear();
        Ok(())
    };
    match format {
        Format::Text if settings.quiet => {
            let mut failed = None;
            a.each_row(&mut |row| {
                let shown = row.fraction.clone().unwrap_or_else(|| format!("≈{}", row.probability));
                let _ = writeln!(out, "{shown} {}", row.outcome);
                if out.len() >= 1 << 16 && failed.is_none() {
                    failed = flush(&mut out).err();
                }
            });
            if let Some(err) = failed {
                return Err(err.into());
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
            let rows = |f: &mut dyn FnMut(&Row)| a.each_row(f);
            let o = OddsText {
                rows: &rows,
                span: a.span(),
                mean: a.mean,
                sd: a.sd,
                beyond: a.beyond.clone(),
                trials: a.trials,
            };
            text::odds(&o, p, &mut out, &mut flush)?;
        }
        Format::Json | Format::Yaml => {
            let doc = OddsDoc {
                command: "roll",
                expression: text,
                exact: a.trials.is_none() && a.beyond.is_none(),
                beyond: a.beyond.clone().map(|(fraction, probability)| Beyond { fraction, probability }),
                trials: a.trials.map(|t| t.0),
                seed: a.trials.map(|t| t.1),
                version: VERSION,
                mean: a.mean,
                sd: a.sd,
            };
            let entry = |r: &Row| EntryDoc {
                outcome: r.outcome,
                label: r.outcome.to_string(),
                probability: r.probability,
                fraction: r.fraction.clone(),
                margin: r.margin,
                at_least: r.at_least,
            };
            let mut failed: Option<Error> = None;
            if format == Format::Json {
                // Serialized as one document, its list made entry by entry as it is written.
                flush(&mut out)?;
                let doc = OddsJson { doc: &doc, odds: Entries { answer: &a, entry: &entry } };
                let mut writer = std::io::BufWriter::with_capacity(1 << 16, &mut *env.stdout);
                serde_json::to_writer(&mut writer, &doc).map_err(|e| match e.io_error_kind() {
                    Some(_) => Error::from(std::io::Error::from(e)),
                    None => serialize_error(e),
                })?;
                writer.write_all(b"\n")?;
                writer.flush()?;
                return Ok(());
            } else {
                // YAML lists each entry at the document's own indent: written a thousand at a
                // time, the pieces read as the one list `odds`.
                out.push_str(&render::yaml::to_string(&doc).map_err(serialize_error)?);
                out.push_str("odds:\n");
                let mut batch: Vec<EntryDoc> = Vec::with_capacity(1024);
                let write_batch = |batch: &mut Vec<EntryDoc>, out: &mut String| -> Result<()> {
                    if !batch.is_empty() {
                        out.push_str(&render::yaml::to_string(&batch).map_err(serialize_error)?);
                        batch.clear();
                    }
                    Ok(())
                };
                a.each_row(&mut |r| {
                    batch.push(entry(r));
                    if batch.len() == 1024 && failed.is_none() {
                        failed = write_batch(&mut batch, &mut out).err();
                        if failed.is_none() {
                            failed = flush(&mut out).err().map(Error::from);
                        }
                    }
                });
                if failed.is_none() {
                    failed = write_batch(&mut batch, &mut out).err();
                }
            }
            if let Some(err) = failed {
                return Err(err);
            }
        }
    }
    flush(&mut out)?;
    Ok(())
}

#[derive(Serialize)]
struct TestOddsDoc<'a> {
    command: &'static str,
    expression: &'a str,
    rules: &'static str,
    exact: bool,
    version: &'static str,
    odds: Vec<TestEntry>,
}

#[derive(Serialize)]
struct TestEntry {
    part: &'static str,
    outcome: versus::TestOutcome,
    label: String,
    probability: f64,
    fraction: String,
}

/// `--odds` of `EXPR vs N`: the exact chance of each result of a roll, of each margin, and
/// over `NxEXPR` of each number that hit; each part's chances sum to 1.
fn write_test_odds(
    spec: &Spec,
    test: Test,
    target: i64,
    settings: &Settings,
    format: Format,
    p: &Palette,
    env: &mut Env,
) -> Result<()> {
    let parts = versus::odds(test, target, &spec.node, spec.repeat).map_err(|why| {
        Error::usage(format!("--odds of '{}': {why}", crate::cast::echo(&spec.text)))
            .hint("ask fewer rolls, or fewer dice")
    })?;
    let mut out = String::new();
    match format {
        Format::Text if settings.quiet => {
            for part in &parts {
                for (_, label, prob) in &part.entries {
                    let _ = writeln!(out, "{prob} {}: {label}", part.part);
                }
            }
        }
        Format::Text => {
            let title = format!("roll · {} · {} · exact odds", spec.text, settings.rules.id);
            let _ = writeln!(out, "{}", p.paint(p.title, title));
            text::test_odds(&parts, p, &mut out);
        }
        Format::Json | Format::Yaml => {
            let doc = TestOddsDoc {
                command: "roll",
                expression: &spec.text,
                rules: settings.rules.id,
                exact: true,
                version: VERSION,
                odds: parts
                    .iter()
                    .flat_map(|part| {
                        part.entries.iter().map(|(outcome, label, prob)| TestEntry {
                            part: part.part,
                            outcome: *outcome,
                            label: label.clone(),
                            probability: prob.to_f64(),
                            fraction: prob.to_string(),
                        })
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
