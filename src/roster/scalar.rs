//! What a roster's scalar is, by the YAML 1.2 core schema as rosters have always been read: a
//! plain `~` is nothing, `true` a flag, `0x10` a number, a quoted `"4"` text; a tag (`!!int 5`)
//! says which. The words of a value that does not fit are serde's (`integer `5``).

use crate::error::echo;
use crate::located::{Kind, Node};
use serde::de::Unexpected;

/// A node as a value of some type.
#[derive(Debug, PartialEq)]
pub enum Value<'a> {
    Null,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    /// Too large for 64 bits: refused wherever a number is read, in serde's words.
    Wide(String),
    Float(f64),
    Text(&'a str),
    /// A scalar with a local tag (`!name`), read where any value may come.
    Tagged,
    List,
    Map,
    /// A tagged scalar that its core tag refuses (`!!int x`): what the tag expects.
    Refused(&'a str, &'static str),
}

/// The value of `node` where any value may come (a local tag makes it [`Value::Tagged`]).
pub fn any(node: &Node) -> Value<'_> {
    resolve(node, true)
}

/// The value of `node` as a message names one that does not fit (a local tag is left out).
pub fn found(node: &Node) -> Value<'_> {
    resolve(node, false)
}

fn resolve(node: &Node, any: bool) -> Value<'_> {
    let (text, quoted, tag) = match &node.kind {
        Kind::Scalar { text, quoted, tag } => (text.as_str(), *quoted, tag.as_deref()),
        Kind::List(_) => return Value::List,
        Kind::Map(_) => return Value::Map,
    };
    match tag {
        Some("bool") => return bool_of(text).map_or(Value::Refused(text, "a boolean"), Value::Bool),
        Some("int") => return int(text).unwrap_or(Value::Refused(text, "an integer")),
        Some("float") => return float(text).map_or(Value::Refused(text, "a float"), Value::Float),
        Some("null") => return if is_null(text) { Value::Null } else { Value::Refused(text, "null") },
        Some(local) if local.starts_with('!') && any => return Value::Tagged,
        Some(local) if local.starts_with('!') && !quoted => {}
        Some(_) => return Value::Text(text),
        None if quoted => return Value::Text(text),
        None => {}
    }
    if text.is_empty() || is_null(text) {
        return Value::Null;
    }
    if let Some(b) = bool_of(text) {
        return Value::Bool(b);
    }
    if let Some(n) = int(text) {
        return n;
    }
    match float(text) {
        Some(f) if !leading_zero(text) => Value::Float(f),
        _ => Value::Text(text),
    }
}

/// Whether `node` is a plain empty scalar (`sides:` with nothing after it): an empty list.
pub fn is_blank(node: &Node) -> bool {
    matches!(&node.kind, Kind::Scalar { text, quoted: false, tag: None } if text.is_empty())
}

/// "invalid type: integer `5`, expected a list of sides", the value's part cut as fray cuts
/// what it repeats.
pub fn invalid_type(value: &Value, expected: &str) -> String {
    if let Value::Refused(text, wanted) = value {
        return format!("invalid value: string \"{}\", expected {wanted}", quoted(text));
    }
    let unexpected = match value {
        Value::Null => Unexpected::Unit.to_string(),
        Value::Bool(b) => Unexpected::Bool(*b).to_string(),
        Value::Unsigned(n) => Unexpected::Unsigned(*n).to_string(),
        Value::Signed(n) => Unexpected::Signed(*n).to_string(),
        Value::Wide(n) => format!("integer `{n}` as {}", if n.starts_with('-') { "i128" } else { "u128" }),
        Value::Float(f) => {
            // serde writes `1000.0` for 1e3; fray cuts what is long (1e300).
            let shown = Unexpected::Float(*f).to_string();
            let digits = shown.trim_start_matches("floating point `").trim_end_matches('`');
            format!("floating point `{}`", echo(digits))
        }
        Value::Text(text) | Value::Refused(text, _) => format!("string \"{}\"", quoted(text)),
        Value::Tagged => Unexpected::Enum.to_string(),
        Value::List => Unexpected::Seq.to_string(),
        Value::Map => Unexpected::Map.to_string(),
    };
    format!("invalid type: {unexpected}, expected {expected}")
}

/// Text as a message quotes it: escaped as Rust escapes a string, and cut.
fn quoted(text: &str) -> String {
    let escaped = format!("{text:?}");
    echo(&escaped[1..escaped.len() - 1])
}

fn is_null(text: &str) -> bool {
    matches!(text, "~" | "null" | "Null" | "NULL")
}

fn bool_of(text: &str) -> Option<bool> {
    match text {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// Leading zeros before digits make text, not a number (YAML 1.2: `007`).
fn leading_zero(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    digits.len() > 1 && digits.starts_with('0') && digits[1..].bytes().all(|b| b.is_ascii_digit())
}

/// An integer: decimal, `0x`, `0o` or `0b`, with a sign; 64 bits, or wider.
fn int(text: &str) -> Option<Value<'static>> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (radix, digits) = match digits.get(..2) {
        Some("0x") => (16, &digits[2..]),
        Some("0o") => (8, &digits[2..]),
        Some("0b") => (2, &digits[2..]),
        _ if leading_zero(text) => return None,
        _ => (10, digits),
    };
    // A second sign (`+-5`, `0x+5`) makes text.
    if digits.starts_with(['+', '-']) {
        return None;
    }
    let magnitude = u128::from_str_radix(digits, radix).ok()?;
    if !negative {
        return Some(u64::try_from(magnitude).map_or(Value::Wide(magnitude.to_string()), Value::Unsigned));
    }
    let n: i128 = match magnitude {
        m if m == 1 << 127 => i128::MIN,
        m if m < 1 << 127 => -(m as i128),
        _ => return None,
    };
    Some(i64::try_from(n).map_or(Value::Wide(n.to_string()), Value::Signed))
}

/// A float: what Rust reads, and `.inf`, `-.inf`, `.nan`; an overflow to infinity is text.
fn float(text: &str) -> Option<f64> {
    let unsigned = match text.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => text,
    };
    match unsigned {
        ".inf" | ".Inf" | ".INF" => return Some(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => return Some(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" if unsigned.len() == text.len() => return Some(f64::NAN),
        _ => {}
    }
    unsigned.parse::<f64>().ok().filter(|f| f.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::located::Mark;

    fn plain(text: &str) -> Node {
        Node { at: Mark { line: 1, column: 1 }, kind: Kind::Scalar { text: text.into(), quoted: false, tag: None } }
    }

    #[test]
    fn plain_scalars_follow_the_core_schema() {
        assert_eq!(any(&plain("~")), Value::Null);
        assert_eq!(any(&plain("")), Value::Null);
        assert_eq!(any(&plain("True")), Value::Bool(true));
        assert_eq!(any(&plain("0x10")), Value::Unsigned(16));
        assert_eq!(any(&plain("-0o7")), Value::Signed(-7));
        assert_eq!(any(&plain("+4")), Value::Unsigned(4));
        assert_eq!(any(&plain("007")), Value::Text("007"));
        assert_eq!(any(&plain("1e3")), Value::Float(1000.0));
        assert_eq!(any(&plain("1e400")), Value::Text("1e400"));
        assert_eq!(any(&plain("99999999999999999999")), Value::Wide("99999999999999999999".into()));
        assert_eq!(any(&plain("-9223372036854775808")), Value::Signed(i64::MIN));
        assert_eq!(any(&plain("yes")), Value::Text("yes"));
    }

    #[test]
    fn a_value_that_does_not_fit_is_named_as_serde_names_it() {
        assert_eq!(
            invalid_type(&any(&plain("1e3")), "a name"),
            "invalid type: floating point `1000.0`, expected a name"
        );
        assert_eq!(invalid_type(&any(&plain("-3")), "x"), "invalid type: integer `-3`, expected x");
        assert_eq!(invalid_type(&Value::Text("O\u{202E}B"), "x"), "invalid type: string \"O\\u{202e}B\", expected x");
        let long = "1".repeat(300) + "e0";
        assert!(invalid_type(&any(&plain(&long)), "x").contains('…'));
    }
}
