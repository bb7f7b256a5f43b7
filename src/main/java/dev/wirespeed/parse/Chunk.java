package dev.wirespeed.parse;

/**
 * A stretch of the input that belongs to one command: what was typed at the prompt (or a bare
 * command line in prose), and the lines after it. {@code prompt} is the prompt as printed
 * ("root@r86s-01:~#"), empty for a bare command line, null when no command is known.
 */
public record Chunk(String prompt, Command command, Lines lines) {}
