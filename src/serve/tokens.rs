//! Unguessable names for seats, spectators and tables: 128 bits from the operating system's
//! entropy, written as 32 hexadecimal digits.

/// A fresh token (32 hex digits), or why the system gave no entropy.
pub fn fresh() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether a text has the shape of a token (so nothing else is looked up or stored).
pub fn well_formed(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}
