package dev.wirespeed.parse;

/**
 * Where a record or value came from: the 1-based line number in the whole input (file or paste)
 * and that line's text as it was, so every parsed number can be checked against what the tool printed.
 */
public record Source(int line, String text) {}
