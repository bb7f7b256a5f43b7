/**
 * What is known about one host: its records ({@code host.*}) and the measurements beside them
 * ({@code results.Measurement}), merged by {@link dev.wirespeed.facts.Facts.Builder}, plus the
 * {@link dev.wirespeed.facts.Context} a rule may ask about. Doctor (inspect), explain and the
 * store all build the same {@code Facts}; diagnose reads them. The package sits above {@code host}
 * and {@code results} so that neither of those imports anything above itself.
 */
package dev.wirespeed.facts;
