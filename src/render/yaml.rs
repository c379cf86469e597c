//! YAML through yaml_serde, with one addition: yaml_serde quotes the strings a YAML 1.2 reader
//! would misread (`true`, `null`, `0x1F`, `012`…), but YAML 1.1 loaders such as PyYAML also
//! read `yes`, `No`, `on`, `y`, `1_000`, `1:20`, `2024-01-02`, `<<` and `=` as something other
//! than text. Those come out quoted too, so every loader reads the strings fray wrote.

use serde::Serialize;

/// The YAML document of `value`.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_yaml::Error> {
    serde_yaml::to_string(value).map(|text| quote_for_yaml11(&text))
}

/// Quotes the plain scalars of `text` that YAML 1.1 would not read as strings. `text` is
/// yaml_serde's block output, which never folds a scalar (its width is unlimited): each line
/// is `- ` marks, then a `key: value`, a `key:` or a value, or else a line of a literal block.
fn quote_for_yaml11(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    // Inside a literal block (`|-`): its lines are indented deeper than this column.
    let mut block: Option<usize> = None;
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let indent = body.len() - body.trim_start_matches(' ').len();
        if let Some(column) = block {
            if body.trim().is_empty() || indent > column {
                out.push_str(line);
                continue;
            }
            block = None;
        }
        let mut at = indent;
        while body[at..].starts_with("- ") {
            at += 2;
        }
        out.push_str(&body[..at]);
        let rest = &body[at..];
        let (value, column) = match split_key(rest) {
            Some((key, value)) => {
                push_scalar(&mut out, key);
                out.push(':');
                if !value.is_empty() {
                    out.push(' ');
                }
                (value, at)
            }
            // A sequence item's value: a block under it is deeper than its `-`.
            None => (rest, at.saturating_sub(2)),
        };
        if value.starts_with(['|', '>']) {
            block = Some(column);
        }
        push_scalar(&mut out, value);
        if line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// `key: value` or `key:` as (key, value); `None` when `rest` is a value alone. A plain key
/// holds no `: ` (yaml_serde would have quoted it); a quoted key is read to its closing quote.
fn split_key(rest: &str) -> Option<(&str, &str)> {
    let key_end = match rest.as_bytes().first() {
        Some(b'\'') => closing_quote(rest, b'\'')?,
        Some(b'"') => closing_quote(rest, b'"')?,
        _ => match rest.find(": ") {
            Some(i) => i,
            None => rest.strip_suffix(':')?.len(),
        },
    };
    let after = &rest[key_end..];
    if after == ":" {
        Some((&rest[..key_end], ""))
    } else {
        after.strip_prefix(": ").map(|value| (&rest[..key_end], value))
    }
}

/// The end (one past the closing quote) of the quoted scalar that `text` starts with.
fn closing_quote(text: &str, quote: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if quote == b'"' => i += 2,
            // `''` is a quote inside a single-quoted scalar.
            b'\'' if quote == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 2,
            b if b == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Writes `scalar`, single-quoted if it is a plain string that YAML 1.1 would misread. A plain
/// scalar that yaml_serde itself reads as a number, bool or null is one: it quotes such strings.
fn push_scalar(out: &mut String, scalar: &str) {
    let plain = !scalar.is_empty() && !scalar.starts_with(['\'', '"', '|', '>', '[', '{', '!', '&', '*']);
    if plain && misread_by_yaml11(scalar) && !yaml12_non_string(scalar) {
        out.push('\'');
        out.push_str(&scalar.replace('\'', "''"));
        out.push('\'');
    } else {
        out.push_str(scalar);
    }
}

/// Whether a plain scalar would be read by a YAML 1.1 loader as something other than a string:
/// a boolean or null word, a merge or value key, or what looks like a YAML 1.1 int, float or
/// timestamp. It errs on the side of quoting: a quoted string reads back the same anywhere.
pub fn misread_by_yaml11(scalar: &str) -> bool {
    // YAML 1.1 bool and null (yaml.org/type/bool.html, null.html), in any case.
    const WORDS: [&str; 10] = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"];
    if scalar.is_empty() || scalar == "<<" || scalar == "=" || WORDS.iter().any(|w| scalar.eq_ignore_ascii_case(w)) {
        return true;
    }
    let unsigned = scalar.strip_prefix(['-', '+']).unwrap_or(scalar);
    if let Some(hex) = unsigned.strip_prefix("0x") {
        return !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit() || b == b'_');
    }
    if let Some(binary) = unsigned.strip_prefix("0b") {
        return !binary.is_empty() && binary.bytes().all(|b| matches!(b, b'0' | b'1' | b'_'));
    }
    // A YAML 1.1 float's exponent follows a mantissa with a dot (`6.8523015e+5`): `5e` is text.
    let mantissa = match unsigned.find(['e', 'E']) {
        Some(i) => {
            let exponent = &unsigned[i + 1..];
            let digits = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
            if !unsigned[..i].contains('.') || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return false;
            }
            &unsigned[..i]
        }
        None => unsigned,
    };
    // Ints (`1_000`, `012`, sexagesimal `1:20`), floats (`1.5`, `.5`) and timestamps
    // (`2001-12-14 21:59:43.10 -5`) start with a digit or a dot and use only these.
    mantissa.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && mantissa.bytes().any(|b| b.is_ascii_digit())
        && mantissa.bytes().all(|b| b.is_ascii_digit() || b"_.:+-tTzZ ".contains(&b))
}

/// Whether yaml_serde reads a plain scalar as a number, bool or null (the YAML 1.2 core
/// schema): then it is a value yaml_serde wrote as such, never a string (those it quotes).
/// This covers every form yaml_serde writes numbers in (itoa, ryu, `.inf`, `.nan`).
fn yaml12_non_string(scalar: &str) -> bool {
    const WORDS: [&str; 13] =
        ["null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE", ".nan", ".NaN", ".NAN"];
    if WORDS.contains(&scalar) {
        return true;
    }
    let unsigned = scalar.strip_prefix(['-', '+']).unwrap_or(scalar);
    if matches!(unsigned, ".inf" | ".Inf" | ".INF") {
        return true;
    }
    // Leading zeros make a string in YAML 1.2, and yaml_serde writes them plain.
    if unsigned.len() > 1 && unsigned.starts_with('0') && unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(digits) = unsigned.strip_prefix(prefix) {
            return !digits.starts_with(['-', '+']) && u128::from_str_radix(digits, radix).is_ok();
        }
    }
    scalar.parse::<i128>().is_ok() || scalar.parse::<f64>().is_ok_and(f64::is_finite)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn yaml11_words_and_numbers_are_quoted() {
        for word in [
            "On",
            "No",
            "yes",
            "y",
            "n",
            "Y",
            "off",
            "OFF",
            "null",
            "~",
            "012",
            "1e3",
            "0x1F",
            "1_000",
            ".inf",
            "-.inf",
            "1:20",
            "1.",
            "2024-01-02",
            "<<",
            "=",
            "",
            "+12",
            "0b101",
            "true",
            "NULL",
            "6.8e+5",
            "1.5E3",
        ] {
            let yaml = to_string(&BTreeMap::from([("name", word)])).unwrap();
            let value = yaml.strip_prefix("name:").unwrap().trim();
            assert!(value.starts_with(['\'', '"']), "{word:?} came out as {yaml:?}");
            let back: BTreeMap<String, String> = serde_yaml::from_str(&yaml).unwrap();
            assert_eq!(back["name"], word);
        }
        for word in ["Ogre", "5e", "2d6", "1e", "1d4 x 10'", "Nope", "Orc 2", "+1 CHA 16", "d&d", "a: b", "."] {
            let yaml = to_string(&BTreeMap::from([("name", word)])).unwrap();
            assert!(!misread_by_yaml11(word) || yaml.contains('\''), "{word:?}");
            if !word.contains(':') && word != "." {
                assert_eq!(yaml, format!("name: {word}\n"), "{word:?} needs no quotes");
            }
        }
    }

    #[test]
    fn numbers_bools_and_nulls_stay_plain() {
        #[derive(Serialize)]
        struct Doc {
            small: u8,
            big: u64,
            negative: i64,
            half: f64,
            tiny: f64,
            flag: bool,
            none: Option<u8>,
            list: Vec<i32>,
        }
        let doc = Doc {
            small: 1,
            big: u64::MAX,
            negative: -12,
            half: 0.5,
            tiny: 1e-7,
            flag: true,
            none: None,
            list: vec![0, 3],
        };
        let yaml = to_string(&doc).unwrap();
        assert_eq!(yaml, serde_yaml::to_string(&doc).unwrap());
        assert!(!yaml.contains('\''), "{yaml}");
    }

    #[test]
    fn keys_sequences_and_blocks_are_handled() {
        #[derive(Serialize)]
        struct Doc<'a> {
            names: Vec<&'a str>,
            by_name: BTreeMap<&'a str, Vec<&'a str>>,
            note: &'a str,
            after: &'a str,
        }
        let doc = Doc {
            names: vec!["no", "Elf", "on"],
            by_name: BTreeMap::from([("yes", vec!["off"]), ("Orc", vec!["n"])]),
            note: "two\nlines: yes\nno",
            after: "Y",
        };
        let yaml = to_string(&doc).unwrap();
        assert_eq!(
            yaml,
            "names:\n- 'no'\n- Elf\n- 'on'\nby_name:\n  Orc:\n  - 'n'\n  'yes':\n  - 'off'\nnote: |-\n  two\n  lines: yes\n  no\nafter: 'Y'\n"
        );
    }
}
