//! Helpers every test module shares: running fray (in-process, or the binary where the process
//! matters), reading its JSON, and judging seeded samples against exact odds.

#![allow(dead_code)]

mod harness;

pub use harness::{Fray, Output};
use serde_json::Value;
use std::collections::BTreeMap;

/// fray with a clean environment (no colour, no defaults from the caller's shell, no config
/// file), run in-process unless the test asks for the binary.
pub fn fray() -> Fray {
    Fray::new().args(["--color", "never"])
}

/// Runs fray with `args`, expecting success, and returns standard output.
pub fn stdout(args: &[&str]) -> String {
    let out = fray().args(args).run();
    assert!(out.success(), "fray {args:?} failed with {}: {}", out.code, out.stderr);
    out.text()
}

/// Runs fray with `args` and colour forced on, expecting success and colour codes in the text.
pub fn coloured(args: &[&str]) -> String {
    let out = Fray::new().args(["--color", "always"]).args(args).run();
    assert!(out.success(), "fray {args:?}: {}", out.stderr);
    let text = out.text();
    assert!(text.contains('\u{1b}'), "colour codes expected: {text}");
    text
}

/// Runs fray with `args`, expecting failure with `code`, and returns standard error.
pub fn fails(args: &[&str], code: i32) -> String {
    fails_with(&fray().args(args), code)
}

/// Runs `run`, expecting failure with `code` and one error line, and returns standard error.
pub fn fails_with(run: &Fray, code: i32) -> String {
    let out = run.run();
    let stderr = out.stderr;
    assert_eq!(out.code, code, "{run:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{run:?} wrote to stdout on error");
    assert!(stderr.starts_with("fray: error: "), "{run:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{run:?}: errors are one line: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// `base` then `more`, as owned arguments.
pub fn with(base: &[&str], more: &[&str]) -> Vec<String> {
    base.iter().chain(more).map(|s| s.to_string()).collect()
}

pub fn refs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Standard output of `args` in one format: `text`, `yaml`, `json`, or `quiet` (`-q`).
pub fn in_format(format: &str, args: &[&str]) -> String {
    let flags: &[&str] = match format {
        "text" => &[],
        "yaml" => &["-f", "yaml"],
        "json" => &["-f", "json"],
        "quiet" => &["-q"],
        other => panic!("no format {other}"),
    };
    stdout(&refs(&with(flags, args)))
}

/// Snapshots `args` in each format listed (`text`, `yaml`, `json`, `quiet`) as
/// `{name}_{format}`. A macro, so that the snapshots are named after the calling module.
macro_rules! assert_formats {
    ($name:literal, $args:expr, [$($format:literal),+ $(,)?]) => {
        $(insta::assert_snapshot!(concat!($name, "_", $format), $crate::common::in_format($format, $args));)+
    };
}
pub(crate) use assert_formats;

/// One JSON document, with `input` on standard input (a roster given as `--roster -`).
pub fn json_with_stdin(args: &[&str], input: impl Into<Vec<u8>>) -> Value {
    let out = fray().arg("-f").arg("json").args(args).write_stdin(input).run();
    assert!(out.success(), "fray {args:?}: {}", out.stderr);
    serde_json::from_slice(&out.stdout).expect("a JSON document")
}

/// Every JSON document `fray -f json -n N …` prints, one per line.
pub fn json_lines(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["-f", "json"];
    all.extend_from_slice(args);
    stdout(&all).lines().map(|l| serde_json::from_str(l).expect("each line is a JSON document")).collect()
}

/// One JSON document.
pub fn json(args: &[&str]) -> Value {
    let mut all = vec!["-f", "json"];
    all.extend_from_slice(args);
    serde_json::from_str(&stdout(&all)).expect("a JSON document")
}

/// The entries of `fray --odds -f json …` as (part, outcome, probability, fraction).
pub fn odds(args: &[&str]) -> Vec<(Option<String>, Value, f64, Option<String>)> {
    let mut all = vec!["--odds"];
    all.extend_from_slice(args);
    let doc = json(&all);
    doc["odds"]
        .as_array()
        .expect("an odds list")
        .iter()
        .map(|e| {
            (
                e["part"].as_str().map(str::to_string),
                e["outcome"].clone(),
                e["probability"].as_f64().expect("a probability"),
                e["fraction"].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// The odds of one part (or of a command with a single part, `None`) keyed by outcome.
pub fn odds_of(entries: &[(Option<String>, Value, f64, Option<String>)], part: Option<&str>) -> BTreeMap<String, f64> {
    entries
        .iter()
        .filter(|(p, ..)| p.as_deref() == part)
        .map(|(_, outcome, prob, _)| (outcome.to_string(), *prob))
        .collect()
}

/// The chi-square critical value for `df` degrees of freedom at significance 0.001
/// (Wilson–Hilferty approximation, good to a few percent for df ≥ 1).
pub fn chi_square_critical(df: usize) -> f64 {
    let k = df.max(1) as f64;
    let z = 3.090; // the 0.999 quantile of the standard normal
    let t = 1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt();
    k * t * t * t
}

/// Asserts that `observed` counts (out of their sum) fit `expected` probabilities: a
/// chi-square test at significance 0.001, bins with fewer than 5 expected merged. Outcomes
/// observed but given zero probability fail at once.
pub fn assert_fits(what: &str, observed: &BTreeMap<String, u64>, expected: &BTreeMap<String, f64>) {
    let n: u64 = observed.values().sum();
    assert!(n > 0, "{what}: no samples");
    for key in observed.keys() {
        assert!(expected.contains_key(key), "{what}: outcome {key} was rolled but has no odds; odds: {expected:?}");
    }
    let total: f64 = expected.values().sum();
    assert!((total - 1.0).abs() < 1e-9, "{what}: odds sum to {total}");
    let mut bins: Vec<(f64, f64)> = Vec::new(); // (observed, expected count)
    let mut small = (0.0, 0.0);
    for (key, p) in expected {
        let e = p * n as f64;
        let o = *observed.get(key).unwrap_or(&0) as f64;
        if e < 5.0 {
            small.0 += o;
            small.1 += e;
        } else {
            bins.push((o, e));
        }
    }
    if small.1 > 0.0 {
        bins.push(small);
    }
    if bins.len() < 2 {
        return;
    }
    let chi: f64 = bins.iter().map(|(o, e)| if *e > 0.0 { (o - e) * (o - e) / e } else { 0.0 }).sum();
    let critical = chi_square_critical(bins.len() - 1);
    assert!(chi < critical, "{what}: chi-square {chi:.1} ≥ {critical:.1} over {} bins, n = {n}", bins.len());
}

/// Counts of a key over documents.
pub fn count<'a>(docs: impl IntoIterator<Item = &'a Value>, key: impl Fn(&Value) -> String) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for doc in docs {
        *counts.entry(key(doc)).or_default() += 1;
    }
    counts
}

/// Text with every run of white space made one space: wrapped lines (text at the terminal's
/// width, a Markdown paragraph) compared by their words, not their breaks.
pub fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
