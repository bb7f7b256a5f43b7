package dev.wirespeed.parse;

/**
 * A record the log rules read across a whole pasted log (diagnose.LogFacts): fabric links, kernel
 * events, firmware tools' states, a collective's result. explain hands every record of this type to
 * the log rules and no other; {@code LogFacts.all} takes only this type, so a rule that asks for a
 * record explain does not hand it does not compile.
 */
public interface LogInput extends ParsedRecord {}
