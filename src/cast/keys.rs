//! Keys of sides and combatants. Each ruleset declares one typed struct per kind of entry
//! (`gurps::CombatantKeys { iq, cr, speed, dx, leader }`) with serde's `Deserialize`
//! (`deny_unknown_fields`, kebab-case names), and beside it a static list describing every key:
//! its name, what it takes and what it means. The list is the one source of error messages,
//! the roster template and help; the struct is what the rules read, so a misspelt key in code
//! does not compile.
//!
//! The inline spec and the roster both check each key against the list as they read it (so a
//! roster error points at the key or value), collect the checked values in [`KeyValues`], and
//! fill the ruleset's struct from them through serde.

use super::echo;
use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;
use std::fmt;

/// What kind of value a key takes.
#[derive(Clone, Copy, Debug)]
pub enum KeyKind {
    /// Present or absent: `cr`, `alert`. `cr=true`/`cr=false` are accepted too.
    Flag,
    /// A whole number in a range: `iq=12`, `dex=+2`.
    Int { min: i64, max: i64 },
    /// A number with up to two decimals, kept in hundredths: `speed=5.75`.
    Hundredths { min: i64, max: i64 },
    /// One of a few words: `size=large`.
    Word(&'static [&'static str]),
    /// Free text checked by the ruleset: `action=spell:2+light`.
    Text(fn(&str) -> Result<(), String>),
}

/// One key a ruleset understands: an entry of the list beside its keys struct.
#[derive(Clone, Copy, Debug)]
pub struct KeyDef {
    pub name: &'static str,
    pub kind: KeyKind,
    pub help: &'static str,
}

impl KeyDef {
    pub const fn flag(name: &'static str, help: &'static str) -> KeyDef {
        KeyDef { name, kind: KeyKind::Flag, help }
    }

    pub const fn int(name: &'static str, min: i64, max: i64, help: &'static str) -> KeyDef {
        KeyDef { name, kind: KeyKind::Int { min, max }, help }
    }

    /// A number with up to two decimals from `min` to `max` (both in hundredths).
    pub const fn hundredths(name: &'static str, min: i64, max: i64, help: &'static str) -> KeyDef {
        KeyDef { name, kind: KeyKind::Hundredths { min, max }, help }
    }

    pub const fn word(name: &'static str, words: &'static [&'static str], help: &'static str) -> KeyDef {
        KeyDef { name, kind: KeyKind::Word(words), help }
    }

    /// Free text; `check` says what is wrong with it. `help` says what it takes.
    pub const fn text(name: &'static str, check: fn(&str) -> Result<(), String>, help: &'static str) -> KeyDef {
        KeyDef { name, kind: KeyKind::Text(check), help }
    }

    /// What the key accepts, for error messages and the roster template.
    pub fn allowed(&self) -> String {
        match self.kind {
            KeyKind::Flag => "no value (or true/false)".to_string(),
            KeyKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            KeyKind::Hundredths { min, max } => {
                format!("a number from {} to {}", Hundredths(min), Hundredths(max))
            }
            KeyKind::Word(words) => format!("one of {}", words.join(", ")),
            KeyKind::Text(_) => self.help.to_string(),
        }
    }

    /// Checks a value as written (`None`: the key alone, `cr`) and returns it typed. A number
    /// may be written with the minus sign U+2212 (`dex=−1`, as typeset rules write it).
    pub fn check(&self, value: Option<&str>) -> Result<Value, String> {
        let bad = |what: &str| format!("key '{}' {what}; allowed: {}", self.name, self.allowed());
        let minus = value.filter(|_| !matches!(self.kind, KeyKind::Flag | KeyKind::Word(_))).map(with_ascii_minus);
        let value = minus.as_deref().or(value);
        if let (KeyKind::Int { .. } | KeyKind::Hundredths { .. }, Some(v)) = (self.kind, value)
            && let Some(dash) = v.chars().find(|&c| is_dash(c))
        {
            let what = format!("has '{}', whose U+{:04X} is a dash, not a minus sign", echo(v), dash as u32);
            return Err(format!("{}; write a minus as '-'", bad(&what)));
        }
        match (self.kind, value) {
            (KeyKind::Flag, None) => Ok(Value::Flag(true)),
            (KeyKind::Flag, Some("true" | "yes")) => Ok(Value::Flag(true)),
            (KeyKind::Flag, Some("false" | "no")) => Ok(Value::Flag(false)),
            (KeyKind::Flag, Some(v)) => Err(bad(&format!("takes no value, got '{}'", echo(v)))),
            (_, None) => Err(bad("needs a value")),
            (KeyKind::Int { min, max }, Some(v)) => match parse_int(v) {
                Some(Number::Exact(n)) if (min..=max).contains(&n) => Ok(Value::Int(n)),
                Some(Number::Exact(n)) => Err(bad(&format!("is {n}, out of range"))),
                Some(Number::Huge) => Err(bad(&format!("is {}, out of range", echo(v)))),
                None => Err(bad(&format!("has '{}'", echo(v)))),
            },
            (KeyKind::Hundredths { min, max }, Some(v)) => match parse_hundredths(v) {
                Some(Number::Exact(n)) if (min..=max).contains(&n) => Ok(Value::Hundredths(n)),
                Some(Number::Exact(n)) => Err(bad(&format!("is {}, out of range", Hundredths(n)))),
                Some(Number::Huge) => Err(bad(&format!("is {}, out of range", echo(v)))),
                None => Err(bad(&format!("has '{}'", echo(v)))),
            },
            (KeyKind::Word(words), Some(v)) => match words.iter().find(|w| w.eq_ignore_ascii_case(v)) {
                Some(w) => Ok(Value::Text((*w).to_string())),
                None => Err(bad(&format!("has '{}'", echo(v)))),
            },
            (KeyKind::Text(check), Some(v)) => match check(v) {
                Ok(()) => Ok(Value::Text(v.to_string())),
                Err(why) => Err(format!("key '{}': {why}", self.name)),
            },
        }
    }
}

/// `text` with each minus sign U+2212 written as the ASCII `-` that fray reads.
fn with_ascii_minus(text: &str) -> String {
    text.replace('\u{2212}', "-")
}

/// Dashes that look like a minus sign but are none: hyphens, figure and en/em dashes, the small
/// and full-width hyphen-minus.
fn is_dash(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{2015}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}')
}

/// A number as written: exact, or too long for any range fray has.
#[derive(Debug, PartialEq, Eq)]
enum Number {
    Exact(i64),
    Huge,
}

/// `12`, `+2`, `-3`: one sign at most, then digits only.
fn parse_int(text: &str) -> Option<Number> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().map_or(Number::Huge, Number::Exact))
}

/// `5`, `5.5`, `5.75`, `+1.25`, `-0.5` as hundredths: one sign at most, two decimals at most.
fn parse_hundredths(text: &str) -> Option<Number> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, part) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && part.is_empty()
        || part.len() > 2
        || !whole.bytes().chain(part.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let part: i64 = match part.len() {
        0 => 0,
        1 => i64::from(part.as_bytes()[0] - b'0') * 10,
        _ => part.parse().ok()?,
    };
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().unwrap_or(i64::MAX) };
    let n = match whole.checked_mul(100).and_then(|w| w.checked_add(part)) {
        Some(n) => n,
        None => return Some(Number::Huge),
    };
    Some(Number::Exact(if negative { -n } else { n }))
}

/// A number kept in hundredths, shown with its decimals: `5.75`, `6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hundredths(pub i64);

impl fmt::Display for Hundredths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, part) = (self.0.unsigned_abs() / 100, self.0.unsigned_abs() % 100);
        let text = match part {
            0 => format!("{sign}{whole}"),
            p if p % 10 == 0 => format!("{sign}{whole}.{}", p / 10),
            p => format!("{sign}{whole}.{p:02}"),
        };
        f.pad(&text)
    }
}

impl serde::Serialize for Hundredths {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.0 as f64 / 100.0)
    }
}

/// Read back from the number it is written as (`5.75`), to the nearest hundredth.
impl<'de> serde::Deserialize<'de> for Hundredths {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let number = f64::deserialize(d)?;
        let hundredths = (number * 100.0).round();
        if !hundredths.is_finite() || hundredths.abs() > 1e15 {
            return Err(de::Error::custom(format!("{number} is not a number fray keeps in hundredths")));
        }
        Ok(Hundredths(hundredths as i64))
    }
}

/// A checked key value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    Int(i64),
    Hundredths(i64),
    Text(String),
}

/// The keys given to one side or combatant, each already checked against its [`KeyDef`]; read
/// them with [`KeyValues::read`] into the ruleset's struct.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyValues {
    entries: Vec<(&'static str, Value)>,
}

impl KeyValues {
    /// Records a checked value; a key given again replaces the earlier value.
    pub fn set(&mut self, name: &'static str, value: Value) {
        self.entries.retain(|(k, _)| *k != name);
        self.entries.push((name, value));
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `other`'s keys over these: each key it gives replaces this one's.
    pub fn merge(&mut self, other: KeyValues) {
        for (name, value) in other.entries {
            self.set(name, value);
        }
    }

    /// The keys as the ruleset's struct `T`.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T, String> {
        let entries = self.entries.iter().map(|(name, value)| (*name, ValueDeserializer(value)));
        let map = de::value::MapDeserializer::new(entries);
        T::deserialize(map).map_err(|e: de::value::Error| e.to_string())
    }
}

/// One kind of entry's keys (a ruleset's sides, or its combatants): the list that describes
/// them and the struct they are read into.
#[derive(Clone, Copy)]
pub struct KeyList {
    pub keys: &'static [KeyDef],
    fits: fn(&KeyValues) -> Result<(), String>,
}

impl KeyList {
    /// The keys `keys` describe, read into `T`.
    pub const fn of<T: DeserializeOwned>(keys: &'static [KeyDef]) -> KeyList {
        KeyList { keys, fits: fits::<T> }
    }

    /// The key named `name`, in any case (`IQ=12` is `iq=12`).
    pub fn find(&self, name: &str) -> Option<&'static KeyDef> {
        self.keys.iter().find(|k| k.name.eq_ignore_ascii_case(name))
    }

    /// Proves checked values fill the struct (they always should: the list and the struct are
    /// declared side by side, and each ruleset's tests fill every key).
    pub fn fits(&self, values: &KeyValues) -> Result<(), String> {
        (self.fits)(values)
    }
}

impl fmt::Debug for KeyList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.keys.iter().map(|k| k.name)).finish()
    }
}

fn fits<T: DeserializeOwned>(values: &KeyValues) -> Result<(), String> {
    values.read::<T>().map(|_: T| ())
}

/// A ruleset's keys: those of its sides and those of its combatants.
#[derive(Clone, Copy, Debug)]
pub struct RulesetKeys {
    /// The ruleset's id, for messages.
    pub rules: &'static str,
    pub side: KeyList,
    pub combatant: KeyList,
}

/// Keys for an entry that takes none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoKeys {}

/// One checked value handed to serde.
struct ValueDeserializer<'a>(&'a Value);

impl<'de> serde::Deserializer<'de> for ValueDeserializer<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Flag(b) => visitor.visit_bool(*b),
            Value::Int(n) => visitor.visit_i64(*n),
            Value::Hundredths(n) => visitor.visit_f64(*n as f64 / 100.0),
            Value::Text(text) => visitor.visit_str(text),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_some(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, 'a> IntoDeserializer<'de, de::value::Error> for ValueDeserializer<'a> {
    type Deserializer = ValueDeserializer<'a>;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// Checks that every key of `list` fills `T`, with `samples` for free-text keys; for the
/// rulesets' tests.
#[cfg(test)]
pub fn assert_list_fills<T: DeserializeOwned + fmt::Debug>(list: &KeyList, samples: &[(&str, &str)]) {
    // The struct's own field names, in order, as serde sees them.
    struct Fields(Vec<&'static str>);
    impl<'de> serde::Deserializer<'de> for &mut Fields {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            self.0 = fields.to_vec();
            Err(de::Error::custom("fields taken"))
        }
        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let mut fields = Fields(Vec::new());
    let _ = T::deserialize(&mut fields);
    let names: Vec<&str> = list.keys.iter().map(|k| k.name).collect();
    assert_eq!(names, fields.0, "the key list and the struct name the same keys in the same order");
    for key in list.keys {
        let values: Vec<Option<String>> = match key.kind {
            KeyKind::Flag => vec![None, Some("true".into()), Some("false".into())],
            KeyKind::Int { min, max } => vec![Some(min.to_string()), Some(max.to_string())],
            KeyKind::Hundredths { min, max } => {
                vec![Some(Hundredths(min).to_string()), Some(Hundredths(max).to_string()), Some("0.25".into())]
            }
            KeyKind::Word(words) => words.iter().map(|w| Some(w.to_string())).collect(),
            KeyKind::Text(_) => {
                let sample = samples.iter().find(|(k, _)| *k == key.name).map(|(_, v)| v.to_string());
                vec![Some(sample.unwrap_or_else(|| panic!("no sample for the free-text key '{}'", key.name)))]
            }
        };
        for value in values {
            let checked = key.check(value.as_deref()).unwrap_or_else(|e| panic!("{}: {e}", key.name));
            let mut keys = KeyValues::default();
            keys.set(key.name, checked);
            let _: T = keys.read().unwrap_or_else(|e| panic!("{}={value:?}: {e}", key.name));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_take_one_sign_at_most() {
        for (text, n) in [("5", 5), ("+5", 5), ("-5", -5), ("0", 0), ("007", 7)] {
            assert_eq!(parse_int(text), Some(Number::Exact(n)), "{text}");
        }
        for bad in ["", "+", "-", "++5", "+-5", "-+5", "+++++5", "5-", "1e3", " 5", "５"] {
            assert_eq!(parse_int(bad), None, "{bad}");
        }
        assert_eq!(parse_int("99999999999999999999"), Some(Number::Huge));
        assert_eq!(parse_int("-9223372036854775808"), Some(Number::Exact(i64::MIN)));
    }

    #[test]
    fn hundredths_round_trip() {
        for (text, n, shown) in
            [("5", 500, "5"), ("5.5", 550, "5.5"), ("5.75", 575, "5.75"), ("+0.25", 25, "0.25"), ("-1.5", -150, "-1.5")]
        {
            assert_eq!(parse_hundredths(text), Some(Number::Exact(n)), "{text}");
            assert_eq!(Hundredths(n).to_string(), shown);
        }
        for bad in ["", ".", "x", "1e3", "--1", "+-1", "++1", "5.123", "1.-5", "1.+5"] {
            assert_eq!(parse_hundredths(bad), None, "{bad}");
        }
        assert_eq!(parse_hundredths("92233720368547758.07"), Some(Number::Exact(i64::MAX)));
        assert_eq!(parse_hundredths("92233720368547758.08"), Some(Number::Huge));
        assert_eq!(parse_hundredths("99999999999999999999999"), Some(Number::Huge));
        assert_eq!(Hundredths(i64::MIN).to_string(), "-92233720368547758.08");
    }

    #[test]
    fn checks_name_the_key_and_what_is_allowed() {
        let iq = KeyDef::int("iq", 1, 30, "IQ");
        assert_eq!(iq.check(Some("+12")), Ok(Value::Int(12)));
        assert_eq!(
            iq.check(Some("+++++5")).unwrap_err(),
            "key 'iq' has '+++++5'; allowed: a whole number from 1 to 30"
        );
        assert_eq!(
            iq.check(Some("31")).unwrap_err(),
            "key 'iq' is 31, out of range; allowed: a whole number from 1 to 30"
        );
        let long = "9".repeat(100_000);
        let err = iq.check(Some(&long)).unwrap_err();
        assert!(err.len() < 200 && err.contains("is 999") && err.contains('…'), "{err}");
        let speed = KeyDef::hundredths("speed", 0, 3000, "Basic Speed");
        assert_eq!(speed.check(Some("5.75")), Ok(Value::Hundredths(575)));
        assert_eq!(
            speed.check(Some("30.01")).unwrap_err(),
            "key 'speed' is 30.01, out of range; allowed: a number from 0 to 30"
        );
        let cr = KeyDef::flag("cr", "Combat Reflexes");
        assert_eq!(cr.check(None), Ok(Value::Flag(true)));
        let dex = KeyDef::int("dex", -5, 10, "Dex modifier");
        assert_eq!(dex.check(Some("\u{2212}1")), Ok(Value::Int(-1)), "U+2212 is a minus");
        assert_eq!(
            speed.check(Some("\u{2212}0.5")).unwrap_err(),
            "key 'speed' is -0.5, out of range; allowed: a number from 0 to 30"
        );
        // An en dash looks like a minus sign: the message names it instead of showing it twice.
        assert_eq!(
            dex.check(Some("\u{2013}1")).unwrap_err(),
            "key 'dex' has '\u{2013}1', whose U+2013 is a dash, not a minus sign; allowed: a whole number from -5 to 10; write a minus as '-'"
        );
        assert!(dex.check(Some("\u{2212}\u{2212}1")).unwrap_err().contains("has '--1'"));
        assert_eq!(cr.check(Some("no")), Ok(Value::Flag(false)));
        assert!(cr.check(Some("2")).unwrap_err().contains("key 'cr' takes no value, got '2'"));
    }

    #[derive(Debug, Default, serde::Deserialize)]
    #[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
    struct Sample {
        leader_iq: Option<u8>,
        cr: bool,
        speed: Option<Hundredths>,
        size: Option<String>,
    }

    #[test]
    fn values_fill_a_struct() {
        let mut keys = KeyValues::default();
        keys.set("leader-iq", Value::Int(12));
        keys.set("cr", Value::Flag(true));
        keys.set("speed", Value::Hundredths(575));
        keys.set("size", Value::Text("large".into()));
        let sample: Sample = keys.read().unwrap();
        assert_eq!(sample.leader_iq, Some(12));
        assert!(sample.cr);
        assert_eq!(sample.speed, Some(Hundredths(575)));
        assert_eq!(sample.size.as_deref(), Some("large"));
        keys.set("per", Value::Int(3));
        assert!(keys.read::<Sample>().unwrap_err().contains("unknown field `per`"));
        let mut keys = KeyValues::default();
        keys.set("leader-iq", Value::Int(300));
        assert!(keys.read::<Sample>().is_err(), "a value the field cannot hold is an error, not a wrap");
    }

    #[test]
    fn lists_and_structs_must_agree() {
        const KEYS: &[KeyDef] = &[
            KeyDef::int("leader-iq", 1, 30, "IQ"),
            KeyDef::flag("cr", "Combat Reflexes"),
            KeyDef::hundredths("speed", 0, 3000, "Basic Speed"),
            KeyDef::word("size", &["small", "large"], "size"),
        ];
        assert_list_fills::<Sample>(&KeyList::of::<Sample>(KEYS), &[]);
        const WIDER: &[KeyDef] = &[
            KeyDef::int("leader-iq", 1, 300, "IQ"),
            KeyDef::flag("cr", "Combat Reflexes"),
            KeyDef::hundredths("speed", 0, 3000, "Basic Speed"),
            KeyDef::word("size", &["small", "large"], "size"),
        ];
        let result = std::panic::catch_unwind(|| assert_list_fills::<Sample>(&KeyList::of::<Sample>(WIDER), &[]));
        assert!(result.is_err(), "a list wider than its struct is caught");
    }
}
