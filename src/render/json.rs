//! Compact JSON for `--repeat` streams: the same bytes serde_json writes, from the same
//! `Serialize` impls, but each string is scanned once and copied whole, and `"key":` goes out
//! in one piece. A million encounter documents spend most of their time here.

use serde::ser::{self, Serialize};
use std::fmt;

/// Appends the compact JSON of `value` to `out`.
pub fn to_vec<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(&mut Json { out })
}

#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

struct Json<'a> {
    out: &'a mut Vec<u8>,
}

impl Json<'_> {
    /// A number's digits; one digit, the most common number in a dice roll, without formatting.
    #[inline]
    fn number<I: itoa::Integer + TryInto<u8>>(&mut self, v: I) -> Result<(), Error> {
        match v.try_into() {
            Ok(digit @ 0..=9) => self.out.push(b'0' + digit),
            _ => self.out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes()),
        }
        Ok(())
    }
}

/// `serialize_i8`… `serialize_u128` of a serializer: the number written by `$write` (as a
/// value, or quoted as an object key).
macro_rules! integers {
    ($write:ident: $($method:ident($ty:ty)),*) => {
        $(
            fn $method(self, v: $ty) -> Result<(), Error> {
                self.$write(v)
            }
        )*
    };
}

/// The bytes a JSON string must escape: control characters, `"` and `\`.
static ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// Writes a field or variant name from a derive: an identifier, which needs no escaping. Inlined,
/// the name's length is known and the copy is a few moves.
#[inline(always)]
fn identifier(out: &mut Vec<u8>, name: &'static str) {
    debug_assert!(!name.bytes().any(|b| ESCAPE[usize::from(b)]));
    out.reserve(name.len() + 3);
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.push(b'"');
}

/// Writes `text` as a JSON string, escaped exactly as serde_json escapes.
#[inline]
fn string(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if bytes.iter().any(|&b| ESCAPE[usize::from(b)]) {
        escaped(out, bytes);
    } else {
        out.extend_from_slice(bytes);
    }
    out.push(b'"');
}

fn escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let short = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            0x08 => b'b',
            0x0c => b'f',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0x00..=0x1f => 0,
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        if short == 0 {
            out.extend_from_slice(&[b'\\', b'u', b'0', b'0', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]]);
        } else {
            out.extend_from_slice(&[b'\\', short]);
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

/// An open array or object: whether the next element needs a comma before it.
struct Compound<'s, 'a> {
    json: &'s mut Json<'a>,
    first: bool,
}

impl Compound<'_, '_> {
    #[inline]
    fn comma(&mut self) {
        if !std::mem::take(&mut self.first) {
            self.json.out.push(b',');
        }
    }

    /// A struct field's name: an identifier from a derive, written without scanning.
    #[inline(always)]
    fn key(&mut self, key: &'static str) {
        self.comma();
        identifier(self.json.out, key);
        self.json.out.push(b':');
    }
}

impl<'s, 'a> ser::Serializer for &'s mut Json<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'s, 'a>;
    type SerializeTuple = Compound<'s, 'a>;
    type SerializeTupleStruct = Compound<'s, 'a>;
    type SerializeTupleVariant = Compound<'s, 'a>;
    type SerializeMap = Compound<'s, 'a>;
    type SerializeStruct = Compound<'s, 'a>;
    type SerializeStructVariant = Compound<'s, 'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }

    integers!(number: serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_i128(i128), serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64),
        serialize_u128(u128));

    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if v.is_finite() {
            self.out.extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes());
        } else {
            self.out.extend_from_slice(b"null");
        }
        Ok(())
    }

    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if v.is_finite() {
            self.out.extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes());
        } else {
            self.out.extend_from_slice(b"null");
        }
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        string(self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        string(self.out, v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for byte in v {
            seq.serialize_element(byte)?;
        }
        seq.end()
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        identifier(self.out, variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push(b'{');
        string(self.out, variant);
        self.out.push(b':');
        value.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'s, 'a>, Error> {
        self.out.push(b'[');
        Ok(Compound { json: self, first: true })
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'s, 'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'s, 'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'s, 'a>, Error> {
        self.out.push(b'{');
        string(self.out, variant);
        self.out.extend_from_slice(b":[");
        Ok(Compound { json: self, first: true })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'s, 'a>, Error> {
        self.out.push(b'{');
        Ok(Compound { json: self, first: true })
    }

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'s, 'a>, Error> {
        self.serialize_map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'s, 'a>, Error> {
        self.out.push(b'{');
        string(self.out, variant);
        self.out.extend_from_slice(b":{");
        Ok(Compound { json: self, first: true })
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.json)
    }

    fn end(self) -> Result<(), Error> {
        self.json.out.push(b']');
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), Error> {
        self.json.out.extend_from_slice(b"]}");
        Ok(())
    }
}

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(MapKey { out: self.json.out })?;
        self.json.out.push(b':');
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.json)
    }

    fn end(self) -> Result<(), Error> {
        self.json.out.push(b'}');
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.key(key);
        value.serialize(&mut *self.json)
    }

    fn end(self) -> Result<(), Error> {
        ser::SerializeMap::end(self)
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.key(key);
        value.serialize(&mut *self.json)
    }

    fn end(self) -> Result<(), Error> {
        self.json.out.extend_from_slice(b"}}");
        Ok(())
    }
}

/// Object keys: strings as they are, numbers and booleans quoted (as serde_json does).
struct MapKey<'a> {
    out: &'a mut Vec<u8>,
}

impl MapKey<'_> {
    fn quoted(self, text: &str) -> Result<(), Error> {
        string(self.out, text);
        Ok(())
    }

    fn number<I: itoa::Integer>(self, v: I) -> Result<(), Error> {
        self.quoted(itoa::Buffer::new().format(v))
    }
}

fn key_must_be_a_string() -> Error {
    Error("key must be a string".to_string())
}

impl ser::Serializer for MapKey<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.quoted(v)
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.quoted(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(if v { "true" } else { "false" })
    }

    integers!(number: serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_i128(i128), serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64),
        serialize_u128(u128));

    fn serialize_f32(self, _v: f32) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_f64(self, _v: f64) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        self.quoted(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    fn ours<T: Serialize>(value: &T) -> String {
        let mut out = Vec::new();
        to_vec(&mut out, value).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Plain,
        Wrapped(i32),
        Pair(u8, String),
        Shaped { a: bool, b: Option<f64> },
    }

    #[derive(Serialize)]
    struct Inner<'a> {
        name: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        gone: Option<u32>,
        kinds: Vec<Kind>,
    }

    #[derive(Serialize)]
    struct Outer<'a> {
        id: u64,
        #[serde(flatten)]
        inner: Inner<'a>,
        map: BTreeMap<u32, char>,
        unit: (),
        tuple: (i8, f32, &'a str),
        bytes: &'a [u8],
        // One digit is written without formatting; its edges.
        digits: (u8, u8, u8, i64, i64, u128),
    }

    #[test]
    fn structs_enums_and_flatten_come_out_as_serde_json_writes_them() {
        let value = Outer {
            id: u64::MAX,
            inner: Inner {
                name: "Ë\"\\\u{1}\n\t\u{7f}",
                gone: None,
                kinds: vec![
                    Kind::Plain,
                    Kind::Wrapped(-3),
                    Kind::Pair(7, "x".into()),
                    Kind::Shaped { a: true, b: Some(5.75) },
                    Kind::Shaped { a: false, b: Some(f64::NAN) },
                ],
            },
            map: BTreeMap::from([(1, 'a'), (20, '"')]),
            unit: (),
            tuple: (-1, 0.1, ""),
            bytes: b"ab",
            digits: (0, 9, 10, -9, 9, 10),
        };
        assert_eq!(ours(&value), serde_json::to_string(&value).unwrap());
    }

    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<u64>().prop_map(serde_json::Value::from),
            any::<f64>().prop_map(serde_json::Value::from),
            any::<String>().prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(4, 64, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
                proptest::collection::btree_map(any::<String>(), inner, 0..6)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_value_comes_out_as_serde_json_writes_it(value in json_value()) {
            prop_assert_eq!(ours(&value), serde_json::to_string(&value).unwrap());
        }
    }
}
