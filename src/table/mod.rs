//! Encounter tables (`fray table FILE`): a YAML file of tables the game master keeps, each a
//! die (any expression of `fray roll`) and rows by result ranges, each row a creature with its
//! number appearing (dice too) and the ruleset's combatant keys, or a pointer to another table
//! of the same file. [`load`] reads and checks a file, every refusal at its line and column;
//! [`roll`] rolls it through the dice engine; [`odds`] works out each row's and creature's
//! chance from the engine's exact distributions; [`run`] is the command.

pub mod encounter;
pub mod odds;
pub mod roll;
pub mod run;
mod text;

use crate::cast::{MAX_GROUP, Origin, Owner, RawSpec, RulesetKeys, apply_key, check_name, finish_keys};
use crate::dice::expr::{self, Node as Expr, odds::Fuel};
use crate::error::echo;
use crate::error::{Error, Result};
use crate::located::{self, Kind, Mark, Node, Refusal};
use num_bigint::BigUint;

/// The largest table file read, in bytes.
pub const MAX_TABLE_BYTES: usize = 1 << 20;
/// Most distinct results a table's die may have (each must fall in a row).
pub const MAX_RESULTS: usize = 10_000;
/// Most results of all the file's dice together (each is kept with its exact chance).
pub const MAX_FILE_RESULTS: usize = 100_000;
/// Most tables in a file, and rows in a table.
pub const MAX_TABLES: usize = 1000;
pub const MAX_ROWS: usize = 1000;

/// The commented example `fray table --example` prints.
pub const EXAMPLE: &str = include_str!("../../examples/tables/dungeon.yaml");

/// A file of tables, checked: the first is the one rolled.
#[derive(Clone, Debug)]
pub struct TableFile {
    /// The file as messages name it (a path, or `<stdin>`).
    pub file: String,
    pub tables: Vec<Table>,
}

#[derive(Clone, Debug)]
pub struct Table {
    pub name: String,
    /// The die as written, and parsed.
    pub die_text: String,
    pub die: Expr,
    /// Each result the die can give with its ways out of `den` (exact, from the dice engine).
    pub results: Vec<(i64, BigUint)>,
    pub den: BigUint,
    pub rows: Vec<Row>,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub low: i64,
    pub high: i64,
    pub entry: Entry,
}

impl Row {
    /// `1-3`, or `4` for a row of one result.
    pub fn range(&self) -> String {
        if self.low == self.high { self.low.to_string() } else { format!("{}-{}", self.low, self.high) }
    }
}

#[derive(Clone, Debug)]
pub enum Entry {
    Creature(Creature),
    /// Roll on the table at this index.
    Table(usize),
}

#[derive(Clone, Debug)]
pub struct Creature {
    pub name: String,
    /// The number appearing as written (`1` when not given), and parsed.
    pub number_text: String,
    pub number: Expr,
    /// The ruleset's combatant keys, each checked, as `key` or `key=value` for the spec.
    pub keys: Vec<String>,
    /// `side=` given in the row, else the creatures join `monsters`.
    pub side: Option<String>,
}

/// The side rolled creatures join unless their row names one.
pub const SIDE: &str = "monsters";

/// A refusal at a place in the file.
struct At(Mark, String, String);

fn at(mark: Mark, what: impl Into<String>, hint: impl Into<String>) -> At {
    At(mark, what.into(), hint.into())
}

const SHAPE: &str = "see fray table --example for the format";

/// Reads and checks `text`, read from `file`, with the combatant keys of a ruleset.
pub fn load(text: &str, file: &str, keys: &RulesetKeys) -> Result<TableFile> {
    let tree = located::read(text).map_err(|refusal| match refusal {
        Refusal::Empty => Error::data(format!("the table file {file} is empty")).hint(SHAPE),
        Refusal::At(mark, what, hint) => {
            Error::data(format!("{file}:{}:{}: {what}", mark.line, mark.column)).hint(hint)
        }
    })?;
    read_file(&tree, file, keys)
        .map_err(|At(mark, what, hint)| Error::data(format!("{file}:{}:{}: {what}", mark.line, mark.column)).hint(hint))
}

fn read_file(tree: &Node, file: &str, keys: &RulesetKeys) -> std::result::Result<TableFile, At> {
    let Kind::Map(pairs) = &tree.kind else {
        return Err(at(tree.at, format!("expected a mapping of tables, found {}", tree.what()), SHAPE));
    };
    if pairs.len() > MAX_TABLES {
        return Err(at(pairs[MAX_TABLES].0.at, format!("more than {MAX_TABLES} tables"), "split the file"));
    }
    let mut names: Vec<&str> = Vec::new();
    for (key, _) in pairs {
        let name = key.text().ok_or_else(|| at(key.at, "a table's name must be a single value", SHAPE))?;
        check_name(name).map_err(|why| at(key.at, format!("table name: {why}"), "name a table in a few words"))?;
        names.push(name);
    }
    let mut tables = Vec::with_capacity(pairs.len());
    // Each pointer's place, to report a cycle at the row that closes it.
    let mut pointers: Vec<Vec<(usize, Mark)>> = Vec::new();
    let mut results = 0;
    for ((_, body), name) in pairs.iter().zip(&names) {
        let (table, points) = read_table(name, body, &names, keys)?;
        results += table.results.len();
        if results > MAX_FILE_RESULTS {
            let die = match &body.kind {
                Kind::Map(pairs) => pairs.iter().find(|(k, _)| k.text() == Some("die")).map_or(body.at, |(_, v)| v.at),
                _ => body.at,
            };
            return Err(at(
                die,
                format!("the dice of the tables so far have more than {MAX_FILE_RESULTS} results in all"),
                "use smaller dice, or split the file",
            ));
        }
        tables.push(table);
        pointers.push(points);
    }
    if let Some(err) = cycle(&names, &pointers) {
        return Err(err);
    }
    Ok(TableFile { file: file.to_string(), tables })
}

/// The first cycle of pointers among the tables, refused at the pointer that closes it.
fn cycle(names: &[&str], pointers: &[Vec<(usize, Mark)>]) -> Option<At> {
    // 0 unseen, 1 on the path, 2 done.
    fn visit(
        t: usize,
        pointers: &[Vec<(usize, Mark)>],
        state: &mut [u8],
        path: &mut Vec<usize>,
    ) -> Option<(usize, Mark)> {
        state[t] = 1;
        path.push(t);
        for &(next, mark) in &pointers[t] {
            if state[next] == 1 {
                path.push(next);
                return Some((next, mark));
            }
            if state[next] == 0
                && let Some(found) = visit(next, pointers, state, path)
            {
                return Some(found);
            }
        }
        path.pop();
        state[t] = 2;
        None
    }
    let mut state = vec![0u8; names.len()];
    for start in 0..names.len() {
        if state[start] != 0 {
            continue;
        }
        let mut path = Vec::new();
        if let Some((again, mark)) = visit(start, pointers, &mut state, &mut path) {
            let from = path.iter().position(|&t| t == again).unwrap_or(0);
            let loop_names: Vec<&str> = path[from..].iter().map(|&t| names[t]).collect();
            return Some(at(
                mark,
                format!("the tables point at each other in a circle: {}", loop_names.join(" → ")),
                "a table may point only at tables that do not lead back to it",
            ));
        }
    }
    None
}

/// The rows of a table that point at another: that table, and the row's place.
type Pointers = Vec<(usize, Mark)>;

fn read_table(
    name: &str,
    body: &Node,
    names: &[&str],
    keys: &RulesetKeys,
) -> std::result::Result<(Table, Pointers), At> {
    let (die, rows_key, rows) = table_parts(name, body)?;
    let (die_text, die_expr, exact) = table_die(die)?;
    let (read, pointers) = read_rows(rows, &exact.outcomes, &die_text, names, keys)?;
    check_every_result_has_a_row(name, rows_key, &exact.outcomes, &read, &die_text)?;
    let mut rows: Vec<Row> = read.into_iter().map(|(r, _)| r).collect();
    rows.sort_by_key(|r| r.low);
    let table =
        Table { name: name.to_string(), die_text, die: die_expr, results: exact.outcomes, den: exact.den, rows };
    Ok((table, pointers))
}

/// A table's `die` value, and its `rows` key and value: no other key, neither missing.
fn table_parts<'a>(name: &str, body: &'a Node) -> std::result::Result<(&'a Node, &'a Node, &'a Node), At> {
    let Kind::Map(pairs) = &body.kind else {
        return Err(at(
            body.at,
            format!("table '{name}': expected a mapping with die and rows, found {}", body.what()),
            SHAPE,
        ));
    };
    let (mut die, mut rows) = (None, None);
    for (key, value) in pairs {
        match key.text() {
            Some("die") => die = Some(value),
            Some("rows") => rows = Some((key, value)),
            other => {
                return Err(at(
                    key.at,
                    format!("unknown table key '{}'; allowed: die, rows", echo(other.unwrap_or("?"))),
                    SHAPE,
                ));
            }
        }
    }
    let die = die.ok_or_else(|| at(body.at, format!("table '{name}' has no 'die'"), "give it one, e.g. die: 1d8"))?;
    let (rows_key, rows) = rows.ok_or_else(|| at(body.at, format!("table '{name}' has no 'rows'"), SHAPE))?;
    Ok((die, rows_key, rows))
}

/// A table's die as written, parsed, and its exact results: finite, and not too many.
fn table_die(die: &Node) -> std::result::Result<(String, Expr, expr::odds::Exact), At> {
    let (die_text, die_expr) = dice(die, "the die")?;
    let exact = expr::odds::exact(&die_expr, &mut Fuel::new()).map_err(|_| {
        at(die.at, format!("the die '{}' has too many results to work out", echo(&die_text)), "use a smaller die")
    })?;
    if exact.exact_to.is_some() {
        return Err(at(
            die.at,
            format!("the die '{}' explodes, so no rows could hold every result", echo(&die_text)),
            "use a die without !, such as 1d20",
        ));
    }
    if exact.outcomes.len() > MAX_RESULTS {
        return Err(at(
            die.at,
            format!("the die '{}' has more than {MAX_RESULTS} results", echo(&die_text)),
            "use a smaller die",
        ));
    }
    Ok((die_text, die_expr, exact))
}

/// The rows of a table whose die gives `outcomes`, each with the place of its key, and the
/// place of each row that points at another table.
fn read_rows(
    rows: &Node,
    outcomes: &[(i64, BigUint)],
    die_text: &str,
    names: &[&str],
    keys: &RulesetKeys,
) -> std::result::Result<(Vec<(Row, Mark)>, Pointers), At> {
    let span = (outcomes[0].0, outcomes[outcomes.len() - 1].0);
    let Kind::Map(row_pairs) = &rows.kind else {
        return Err(at(rows.at, format!("rows: expected a mapping of result ranges, found {}", rows.what()), SHAPE));
    };
    if row_pairs.len() > MAX_ROWS {
        return Err(at(row_pairs[MAX_ROWS].0.at, format!("more than {MAX_ROWS} rows"), "split the table"));
    }
    let mut read: Vec<(Row, Mark)> = Vec::new();
    let mut pointers = Vec::new();
    for (key, value) in row_pairs {
        let (a, b) = range(key)?;
        check_row(key, (a, b), span, &read, outcomes, die_text)?;
        let entry = entry(value, names, keys)?;
        if let Entry::Table(t) = entry {
            pointers.push((t, value.at));
        }
        read.push((Row { low: a, high: b, entry }, key.at));
    }
    Ok((read, pointers))
}

/// A row's range `a` to `b` lies within what the die gives (`low` to `high`), overlaps no row `read` before it,
/// and holds a result the die can give.
fn check_row(
    key: &Node,
    (a, b): (i64, i64),
    (low, high): (i64, i64),
    read: &[(Row, Mark)],
    outcomes: &[(i64, BigUint)],
    die_text: &str,
) -> std::result::Result<(), At> {
    if a < low || b > high {
        return Err(at(
            key.at,
            format!("row {} is outside what {} gives ({low} to {high})", key.text().unwrap_or(""), die_text),
            format!("rows run from {low} to {high}"),
        ));
    }
    if let Some((other, mark)) = read.iter().find(|(r, _)| r.low <= b && a <= r.high) {
        return Err(at(
            key.at,
            format!("row {} overlaps row {} on line {}", key.text().unwrap_or(""), other.range(), mark.line),
            "give each result one row",
        ));
    }
    if !outcomes.iter().any(|(v, _)| (a..=b).contains(v)) {
        return Err(at(
            key.at,
            format!("row {} can never come up: {} never gives it", key.text().unwrap_or(""), die_text),
            "cover only results the die can give",
        ));
    }
    Ok(())
}

/// Every result the die can give falls in a row, else the results that do not are named.
fn check_every_result_has_a_row(
    name: &str,
    rows_key: &Node,
    outcomes: &[(i64, BigUint)],
    read: &[(Row, Mark)],
    die_text: &str,
) -> std::result::Result<(), At> {
    let missing: Vec<i64> =
        outcomes.iter().map(|(v, _)| *v).filter(|v| !read.iter().any(|(r, _)| (r.low..=r.high).contains(v))).collect();
    if !missing.is_empty() {
        let verb = if missing.len() == 1 { "falls" } else { "fall" };
        return Err(at(
            rows_key.at,
            format!("table '{name}': {} of {die_text} {verb} in no row", results_text(&missing)),
            "give every result the die can give a row",
        ));
    }
    Ok(())
}

/// `result 7`, `results 7, 9-11`.
fn results_text(values: &[i64]) -> String {
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[j] + 1 {
            j += 1;
        }
        runs.push(if i == j { values[i].to_string() } else { format!("{}-{}", values[i], values[j]) });
        i = j + 1;
    }
    let shown = if runs.len() > 8 { format!("{}, …", runs[..8].join(", ")) } else { runs.join(", ") };
    if values.len() == 1 { format!("result {shown}") } else { format!("results {shown}") }
}

/// A row's key: `4`, `1-3`, `-2`, `-3--1`, `1–3` (an en dash too).
fn range(key: &Node) -> std::result::Result<(i64, i64), At> {
    let bad = || {
        at(
            key.at,
            format!("'{}' is not a row's range", echo(key.text().unwrap_or("?"))),
            "write a result (4) or a range of results (1-3)",
        )
    };
    let text = key.text().ok_or_else(bad)?.trim();
    let number = |s: &str| -> Option<i64> {
        let digits = s.strip_prefix('-').unwrap_or(s);
        if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    if let Some(n) = number(text) {
        return Ok((n, n));
    }
    // The separator is the first dash after the first number's digits.
    let start = usize::from(text.starts_with('-'));
    let split = text[start..].find(['-', '–']).map(|i| i + start).ok_or_else(bad)?;
    let sep = text[split..].chars().next().map_or(1, char::len_utf8);
    let (a, b) = (number(text[..split].trim()).ok_or_else(bad)?, number(text[split + sep..].trim()).ok_or_else(bad)?);
    if a > b {
        return Err(at(key.at, format!("row {text} runs backwards"), format!("write it {b}-{a}")));
    }
    Ok((a, b))
}

/// A dice expression given as a value (a number is one too), located to its column.
fn dice(value: &Node, what: &str) -> std::result::Result<(String, Expr), At> {
    let text = value.text().filter(|_| !value.is_null()).ok_or_else(|| {
        at(value.at, format!("{what} must be a dice expression, found {}", value.what()), "such as 1d8 or 2d4+1")
    })?;
    let node = expr::parse(text).map_err(|e| {
        at(
            Mark { line: value.at.line, column: value.column_of(e.column) },
            format!("{what} '{}': {}", echo(text), e.message),
            e.hint.unwrap_or("write dice as fray roll takes them, such as 2d4+1"),
        )
    })?;
    Ok((text.to_string(), node))
}

fn entry(value: &Node, names: &[&str], keys: &RulesetKeys) -> std::result::Result<Entry, At> {
    let Kind::Map(pairs) = &value.kind else {
        return Err(at(
            value.at,
            format!("a row must be a mapping with 'name' (a creature) or 'table', found {}", value.what()),
            "such as {name: Goblin, number: 2d4} or {table: vermin}",
        ));
    };
    if let Some((_, target)) = pairs.iter().find(|(k, _)| k.text() == Some("table")) {
        return table_pointer(pairs, target, names);
    }
    let mut spec = RawSpec::unnamed(Origin::Roster(String::new()));
    let mut name = None;
    let mut number = None;
    let mut written = Vec::new();
    for (key, v) in pairs {
        match key.text().unwrap_or("") {
            "name" => name = Some(creature_name(v)?),
            "number" => number = Some(v),
            "count" => {
                return Err(at(key.at, "a row says how many with 'number', not 'count'", "such as number: 2d4"));
            }
            _ => written.extend(combatant_key(&mut spec, key, v, keys)?),
        }
    }
    let Some(name) = name else {
        return Err(at(
            value.at,
            "this row has no 'name' (a creature) and no 'table'",
            "such as {name: Goblin, number: 2d4}",
        ));
    };
    finish_keys(&spec, Owner::Combatant, keys).map_err(|why| at(value.at, why, SHAPE))?;
    let (number_text, number) = match number {
        None => ("1".to_string(), Expr::Const(1)),
        Some(v) => number_appearing(v)?,
    };
    Ok(Entry::Creature(Creature { name, number_text, number, keys: written, side: spec.side }))
}

/// A row `{table: NAME}`: the table of that name, and no other key beside it.
fn table_pointer(pairs: &[(Node, Node)], target: &Node, names: &[&str]) -> std::result::Result<Entry, At> {
    if let Some((other, _)) = pairs.iter().find(|(k, _)| k.text() != Some("table")) {
        return Err(at(
            other.at,
            format!("a row that points at a table takes no '{}'", echo(other.text().unwrap_or("?"))),
            "put the creature in a row of that table",
        ));
    }
    let name = target.text().unwrap_or("");
    match names.iter().position(|n| *n == name) {
        Some(t) => Ok(Entry::Table(t)),
        None => Err(at(
            target.at,
            format!("no table is named '{}'", echo(name)),
            format!("tables in this file: {}", names.join(", ")),
        )),
    }
}

/// A row's `name:`, a single value and a valid name.
fn creature_name(v: &Node) -> std::result::Result<String, At> {
    let text = v.text().filter(|_| !v.is_null()).ok_or_else(|| {
        at(v.at, format!("a creature's name must be a single value, found {}", v.what()), "such as name: Goblin")
    })?;
    check_name(text).map_err(|why| at(v.at, why, "name the creature in a few words"))?;
    Ok(text.to_string())
}

/// One of the ruleset's combatant keys (or `side`) in a row, applied to `spec`; the key as the
/// spec writes it (`key` or `key=value`), `None` for `side`.
fn combatant_key(
    spec: &mut RawSpec,
    key: &Node,
    v: &Node,
    keys: &RulesetKeys,
) -> std::result::Result<Option<String>, At> {
    let k = key.text().unwrap_or("");
    let value = if v.is_null() {
        None
    } else {
        Some(v.text().ok_or_else(|| {
            at(v.at, format!("key '{}' takes a single value, found {}", echo(k), v.what()), "such as dex: 2")
        })?)
    };
    if k != "side" && keys.list(Owner::Combatant).find(k).is_none() {
        let allowed = format!("name, number, table, {}", keys.allowed_names(Owner::Combatant));
        return Err(at(
            key.at,
            keys.unknown(Owner::Combatant, k, &allowed),
            "the ruleset's keys: fray encounter --help",
        ));
    }
    apply_key(spec, Owner::Combatant, keys, k, value.map(str::trim)).map_err(|why| {
        at(if value.is_some() { v.at } else { key.at }, why, "the ruleset's keys: fray encounter --help")
    })?;
    if k == "side" {
        return Ok(None);
    }
    Ok(Some(match value {
        None => k.to_string(),
        Some(value) => format!("{k}={}", value.trim()),
    }))
}

/// A row's `number:`, dice whose every result is a group's size (1 to [`MAX_GROUP`]).
fn number_appearing(v: &Node) -> std::result::Result<(String, Expr), At> {
    let (text, node) = dice(v, "the number appearing")?;
    // The bounds first: they are cheap, and name the problem of dice such as 1000d1000.
    if let Ok((lo, hi)) = expr::parse::range(&node)
        && (lo < 1 || hi > i128::from(MAX_GROUP))
    {
        return Err(at(
            v.at,
            format!("the number appearing '{}' could be {lo} to {hi}; a group has 1 to {MAX_GROUP}", echo(&text)),
            "such as 2d4 or 1d6+1",
        ));
    }
    let exact = expr::odds::exact(&node, &mut Fuel::new()).ok().filter(|e| e.exact_to.is_none());
    let (lo, hi) = match &exact {
        Some(e) if !e.outcomes.is_empty() => (e.outcomes[0].0, e.outcomes[e.outcomes.len() - 1].0),
        _ => {
            return Err(at(
                v.at,
                format!("the number appearing '{}' has no fixed set of results", echo(&text)),
                "use dice without !, such as 2d4",
            ));
        }
    };
    if lo < 1 || hi > i64::from(MAX_GROUP) {
        return Err(at(
            v.at,
            format!("the number appearing '{}' could be {lo} to {hi}; a group has 1 to {MAX_GROUP}", echo(&text)),
            "such as 2d4 or 1d6+1",
        ));
    }
    Ok((text, node))
}

impl Creature {
    /// The creature as a combatant spec the other commands take, one shell word in bash, zsh
    /// and fish when `$(...)` splices it unquoted: glob-safe (no `*`) and with each space of a
    /// name written `_`: `Goblin:count=4,side=monsters,dex=1`, `Giant_rat:count=9,side=monsters`.
    pub fn spec(&self, count: u32) -> String {
        let mut spec = one_word(&self.name);
        spec.push(':');
        if count != 1 {
            spec.push_str(&format!("count={count},"));
        }
        spec.push_str("side=");
        spec.push_str(&one_word(self.side.as_deref().unwrap_or(SIDE)));
        for key in &self.keys {
            spec.push(',');
            spec.push_str(key);
        }
        spec
    }
}

/// `name` with its spaces written `_`, so that a shell splitting `$(...)` at spaces keeps it
/// whole (a name holds no other white space: [`check_name`] refuses it).
fn one_word(name: &str) -> String {
    name.replace(' ', "_")
}

/// Reads a table file (or standard input for `-`), returning its text and display name.
pub fn read_file_text(path: &std::path::Path, stdin: &mut dyn std::io::Read) -> Result<(String, String)> {
    crate::text_file::read(path, stdin, &TABLE_FILE)
}

/// A table file as errors name it.
const TABLE_FILE: crate::text_file::Kind = crate::text_file::Kind {
    what: "table",
    stdin_hint: "redirect a table file into fray, or give its path",
    empty_hint: "give a table file, or '-' for standard input",
    open_hint: "check the path of the table file",
    most_bytes: MAX_TABLE_BYTES,
    quote: echo,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> Node {
        Node {
            at: Mark { line: 1, column: 1 },
            kind: Kind::Scalar { text: text.to_string(), quoted: false, tag: None },
        }
    }

    #[test]
    fn row_ranges_take_signs_and_either_dash() {
        let read = |t: &str| range(&key(t)).map_err(|At(_, what, _)| what);
        assert_eq!(read("4"), Ok((4, 4)));
        assert_eq!(read("1-3"), Ok((1, 3)));
        assert_eq!(read("1–3"), Ok((1, 3)));
        assert_eq!(read("-4--2"), Ok((-4, -2)));
        assert_eq!(read("-1-1"), Ok((-1, 1)));
        assert_eq!(read(" 2 - 5 "), Ok((2, 5)));
        assert!(read("3-1").unwrap_err().contains("runs backwards"));
        assert!(read("1-").is_err() && read("a-b").is_err() && read("").is_err());
        assert!(read("99999999999999999999").is_err());
    }

    #[test]
    fn missing_results_are_listed_as_runs() {
        assert_eq!(results_text(&[4]), "result 4");
        assert_eq!(results_text(&[1, 2, 3, 7, 9, 10]), "results 1-3, 7, 9-10");
    }

    #[test]
    fn fate_dice_tables_cover_negative_results() {
        let keys = crate::rulesets::ose::RULESET.keys;
        let text = "f:\n  die: 4dF\n  rows:\n    -4--1: {name: Orc}\n    0: {name: Elf}\n    1-4: {name: Dwarf}\n";
        let file = load(text, "f.yaml", &keys).unwrap();
        assert_eq!(file.tables[0].rows.len(), 3);
        let err = load(&text.replace("    0: {name: Elf}\n", ""), "f.yaml", &keys).unwrap_err().to_string();
        assert!(err.starts_with("f.yaml:3:3: table 'f': result 0 of 4dF falls in no row"), "{err}");
    }
}
