//! The YAML parser's own events, one at a time: the parser yaml_serde reads with
//! (libyaml-rs), driven directly so that a roster can be measured while it is parsed and
//! refused part-way. yaml_serde itself parses a whole document into events before its first
//! check, and the parser spends time proportional to the nesting depth on every token, so a
//! deeply nested megabyte would take minutes; stopping at the first event that is too deep
//! keeps every roster linear.

use libyaml_rs as sys;
use std::marker::PhantomData;
use std::mem::MaybeUninit;
use std::ptr::NonNull;

/// What the parser saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias,
    /// A scalar's value and whether it was written plain (unquoted).
    Scalar {
        value: Vec<u8>,
        plain: bool,
    },
    SequenceStart,
    SequenceEnd,
    MappingStart,
    MappingEnd,
}

/// Where an event starts, 1-based as yaml_serde reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub line: u64,
    pub column: u64,
}

/// A libyaml parser reading `input`.
pub struct Parser<'input> {
    /// Heap-allocated and never moved: the parser points at itself while it reads.
    raw: NonNull<sys::yaml_parser_t>,
    input: PhantomData<&'input str>,
    failed: bool,
    ended: bool,
}

impl<'input> Parser<'input> {
    pub fn new(input: &'input str) -> Parser<'input> {
        let boxed = Box::new(MaybeUninit::<sys::yaml_parser_t>::uninit());
        let raw = NonNull::from(Box::leak(boxed)).cast::<sys::yaml_parser_t>();
        // SAFETY: `raw` points at memory for a parser, which `yaml_parser_initialize` fills
        // (it cannot fail: allocation failure aborts). The input outlives the parser, as
        // `'input` makes sure, and is UTF-8.
        unsafe {
            let _ = sys::yaml_parser_initialize(raw.as_ptr());
            sys::yaml_parser_set_encoding(raw.as_ptr(), sys::YAML_UTF8_ENCODING);
            sys::yaml_parser_set_input_string(raw.as_ptr(), input.as_ptr(), input.len() as u64);
        }
        Parser { raw, input: PhantomData, failed: false, ended: false }
    }

    /// The next event and where it starts; `None` after the stream's end or at a syntax error
    /// (which yaml_serde reports in its own words when it reads the same text).
    pub fn next_event(&mut self) -> Option<(Event, Mark)> {
        if self.failed || self.ended {
            return None;
        }
        let mut event = MaybeUninit::<sys::yaml_event_t>::uninit();
        // SAFETY: the parser is initialised and has not failed; a successful parse fills the
        // event, which is read (copying the scalar out) and then deleted exactly once.
        unsafe {
            if sys::yaml_parser_parse(self.raw.as_ptr(), event.as_mut_ptr()).fail {
                self.failed = true;
                return None;
            }
            let event = event.as_mut_ptr();
            let mark = Mark { line: (*event).start_mark.line + 1, column: (*event).start_mark.column + 1 };
            let kind = match (*event).type_ {
                sys::YAML_STREAM_START_EVENT => Some(Event::StreamStart),
                sys::YAML_STREAM_END_EVENT => Some(Event::StreamEnd),
                sys::YAML_DOCUMENT_START_EVENT => Some(Event::DocumentStart),
                sys::YAML_DOCUMENT_END_EVENT => Some(Event::DocumentEnd),
                sys::YAML_ALIAS_EVENT => Some(Event::Alias),
                sys::YAML_SCALAR_EVENT => {
                    let scalar = (*event).data.scalar;
                    let value = if scalar.value.is_null() || scalar.length == 0 {
                        Vec::new()
                    } else {
                        std::slice::from_raw_parts(scalar.value, scalar.length as usize).to_vec()
                    };
                    Some(Event::Scalar { value, plain: scalar.style == sys::YAML_PLAIN_SCALAR_STYLE })
                }
                sys::YAML_SEQUENCE_START_EVENT => Some(Event::SequenceStart),
                sys::YAML_SEQUENCE_END_EVENT => Some(Event::SequenceEnd),
                sys::YAML_MAPPING_START_EVENT => Some(Event::MappingStart),
                sys::YAML_MAPPING_END_EVENT => Some(Event::MappingEnd),
                _ => None,
            };
            sys::yaml_event_delete(event);
            self.ended = kind.as_ref().is_none_or(|k| *k == Event::StreamEnd);
            kind.map(|kind| (kind, mark))
        }
    }
}

impl Parser<'_> {
    /// Whether the parser stopped at a syntax error.
    pub fn failed(&self) -> bool {
        self.failed
    }
}

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        // SAFETY: the parser was initialised in `new` and is deleted once, then its memory is
        // given back to the box it came from.
        unsafe {
            sys::yaml_parser_delete(self.raw.as_ptr());
            drop(Box::from_raw(self.raw.cast::<MaybeUninit<sys::yaml_parser_t>>().as_ptr()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(text: &str) -> Vec<(Event, Mark)> {
        let mut parser = Parser::new(text);
        std::iter::from_fn(|| parser.next_event()).collect()
    }

    #[test]
    fn reads_events_with_their_place() {
        let got = events("sides:\n  - 'a'\n");
        let kinds: Vec<&Event> = got.iter().map(|(e, _)| e).collect();
        assert_eq!(
            kinds,
            [
                &Event::StreamStart,
                &Event::DocumentStart,
                &Event::MappingStart,
                &Event::Scalar { value: b"sides".to_vec(), plain: true },
                &Event::SequenceStart,
                &Event::Scalar { value: b"a".to_vec(), plain: false },
                &Event::SequenceEnd,
                &Event::MappingEnd,
                &Event::DocumentEnd,
                &Event::StreamEnd,
            ]
        );
        assert_eq!(got[5].1, Mark { line: 2, column: 5 });
    }

    #[test]
    fn stops_at_a_syntax_error() {
        let got = events("a: [\n");
        assert!(got.len() < 6 && !got.iter().any(|(e, _)| *e == Event::StreamEnd), "{got:?}");
        let mut parser = Parser::new("a: [\n");
        while parser.next_event().is_some() {}
        assert!(parser.failed());
        let mut parser = Parser::new("a: []\n");
        while parser.next_event().is_some() {}
        assert!(!parser.failed());
    }
}
