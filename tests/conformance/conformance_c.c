/* SPDX-License-Identifier: Apache-2.0 */
/* The C surface of the conformance test (conformance_c.h): the C API of
 * u8guard_c.h alone, every output through pre-flighting (no buffer first,
 * then exactly the length asked for). */

#include "tests/conformance/conformance_c.h"

#include <stdlib.h>
#include <string.h>

#include "u8guard/u8guard_c.h"

/* The profiles and empty registries opened so far, by name. */
enum { kMaxProfiles = 16 };
static struct {
  char name[64];
  u8guard_profile *profile;
  u8guard_registry *registry;
} profiles[kMaxProfiles];
static size_t profile_count;

static size_t ProfileIndex(const char *name) {
  size_t i;
  for (i = 0; i < profile_count; ++i) {
    if (strcmp(profiles[i].name, name) == 0) return i;
  }
  if (profile_count == kMaxProfiles || strlen(name) >= 64) return kMaxProfiles;
  if (u8guard_profile_open(name, NULL, &profiles[i].profile, NULL) !=
      U8GUARD_OK) {
    return kMaxProfiles;
  }
  if (u8guard_registry_new(profiles[i].profile, NULL, &profiles[i].registry,
                           NULL) != U8GUARD_OK) {
    u8guard_profile_free(profiles[i].profile);
    return kMaxProfiles;
  }
  strcpy(profiles[i].name, name);
  return profile_count++;
}

static const u8guard_profile *Profile(const char *name) {
  const size_t i = ProfileIndex(name);
  return i == kMaxProfiles ? NULL : profiles[i].profile;
}

void conformance_c_close(void) {
  size_t i;
  for (i = 0; i < profile_count; ++i) {
    u8guard_registry_free(profiles[i].registry);
    u8guard_profile_free(profiles[i].profile);
  }
  profile_count = 0;
}

void conformance_c_answer_free(conformance_c_answer *a) {
  free(a->value);
  free(a->conflict);
  free(a->enforced);
  free(a->scripts);
  free(a->version_tag);
  memset(a, 0, sizeof(*a));
}

static char *Copy(const char *s, size_t len) {
  char *copy = (char *)malloc(len + 1);
  if (copy == NULL) abort();
  if (len > 0) memcpy(copy, s, len);
  copy[len] = '\0';
  return copy;
}

/* Fills `out` from a call's status and error. */
static void Finish(u8guard_status status, const u8guard_error *error,
                   conformance_c_answer *out) {
  out->status = u8guard_status_name(status);
  out->code_point = -1;
  if (status == U8GUARD_OK) {
    out->ok = 1;
  } else if (status == U8GUARD_REJECTED) {
    out->ok = 0;
    out->rule = u8guard_rule_id(error->rule);
    out->offset = error->offset;
    out->code_point = error->code_point;
  } else {
    out->ok = -1;
  }
}

int conformance_c_utf8(const char *bytes, size_t len, size_t *valid_up_to,
                       const char **rule, size_t *error_len) {
  u8guard_utf8_result r;
  const u8guard_status status = u8guard_utf8_validate(bytes, len, &r);
  if (status != U8GUARD_OK && status != U8GUARD_REJECTED) return -1;
  *valid_up_to = r.valid_up_to;
  *rule = r.kind == U8GUARD_RULE_NONE ? NULL : u8guard_rule_id(r.kind);
  *error_len = r.error_len;
  return r.kind == U8GUARD_RULE_NONE;
}

/* One text call: key, enforce, skeleton or path, with `out` NULL/0 first. */
static u8guard_status TextCall(int op, const u8guard_profile *p, const char *in,
                               size_t len, char *buf, size_t cap,
                               size_t *out_len, u8guard_error *error) {
  u8guard_path_options options;
  switch (op) {
    case CONFORMANCE_C_KEY:
      return u8guard_canonicalize(p, in, len, buf, cap, out_len, error);
    case CONFORMANCE_C_ENFORCE:
      return u8guard_enforce(p, in, len, buf, cap, out_len, error);
    case CONFORMANCE_C_SKELETON:
      return u8guard_skeleton(p, in, len, buf, cap, out_len, error);
    default:
      u8guard_path_options_init(&options);
      return u8guard_sanitize_path(in, len, &options, buf, cap, out_len, error);
  }
}

void conformance_c_text(int op, const char *profile, const char *in, size_t len,
                        conformance_c_answer *out) {
  const u8guard_profile *p = NULL;
  u8guard_error error;
  u8guard_status status;
  size_t need = 0;
  memset(out, 0, sizeof(*out));
  if (op != CONFORMANCE_C_PATH && (p = Profile(profile)) == NULL) {
    Finish(U8GUARD_NOT_FOUND, NULL, out);
    return;
  }
  status = TextCall(op, p, in, len, NULL, 0, &need, &error);
  if (status == U8GUARD_BUFFER_TOO_SMALL) {
    out->value = (char *)malloc(need + 1);
    if (out->value == NULL) abort();
    status =
        TextCall(op, p, in, len, out->value, need, &out->value_len, &error);
    out->value[out->value_len] = '\0';
  } else if (status == U8GUARD_OK) {
    out->value = Copy("", 0);
  }
  Finish(status, &error, out);
}

void conformance_c_lookalike(const char *profile, const char *in, size_t len,
                             conformance_c_answer *out) {
  const u8guard_profile *p = Profile(profile);
  u8guard_skeleton_lengths lengths;
  u8guard_error error;
  u8guard_status status;
  size_t need = 0, i;
  memset(out, 0, sizeof(*out));
  if (p == NULL) {
    Finish(U8GUARD_NOT_FOUND, NULL, out);
    return;
  }
  status =
      u8guard_lookalike_skeletons(p, in, len, NULL, 0, &need, &lengths, &error);
  if (status == U8GUARD_BUFFER_TOO_SMALL || status == U8GUARD_OK) {
    out->value = (char *)malloc(need + 1);
    if (out->value == NULL) abort();
    status = u8guard_lookalike_skeletons(p, in, len, out->value, need,
                                         &out->value_len, &lengths, &error);
    out->value[out->value_len] = '\0';
    out->key_count = lengths.count;
    for (i = 0; i < lengths.count && i < 3; ++i) {
      out->key_lens[i] = lengths.length[i];
    }
  }
  Finish(status, &error, out);
}

void conformance_c_restriction(const char *profile, const char *in, size_t len,
                               conformance_c_answer *out) {
  const u8guard_profile *p = Profile(profile);
  u8guard_error error;
  u8guard_status status;
  int32_t level = -1;
  memset(out, 0, sizeof(*out));
  if (p == NULL) {
    Finish(U8GUARD_NOT_FOUND, NULL, out);
    return;
  }
  status = u8guard_restriction_level(p, in, len, &level, &error);
  Finish(status, &error, out);
  if (status == U8GUARD_OK) out->level = u8guard_restriction_level_name(level);
}

int conformance_c_equivalent(const char *profile, const char *a, size_t a_len,
                             const char *b, size_t b_len) {
  const u8guard_profile *p = Profile(profile);
  if (p == NULL) return -1;
  return u8guard_equivalent(p, a, a_len, b, b_len);
}

/* The record's part of a decision: key, level, look-alike keys. */
static void RecordInto(const u8guard_registration *r,
                       conformance_c_answer *out) {
  size_t i, total = 0;
  out->value = Copy(r->key, r->key_len);
  out->value_len = r->key_len;
  out->level = u8guard_restriction_level_name(r->restriction_level);
  out->key_count = r->lookalike_key_count;
  for (i = 0; i < r->lookalike_key_count && i < 3; ++i) {
    out->key_lens[i] = r->lookalike_key_lens[i];
    total += r->lookalike_key_lens[i];
  }
  /* The keys follow the key in value, after its NUL. */
  out->value = (char *)realloc(out->value, r->key_len + 1 + total + 1);
  if (out->value == NULL) abort();
  total = r->key_len + 1;
  for (i = 0; i < out->key_count && i < 3; ++i) {
    memcpy(out->value + total, r->lookalike_keys[i], out->key_lens[i]);
    total += out->key_lens[i];
  }
  out->value[total] = '\0';
  out->enforced = Copy(r->enforced, r->enforced_len);
  out->enforced_len = r->enforced_len;
  out->scripts = Copy(r->scripts, strlen(r->scripts));
  out->display = u8guard_display_safety_name(r->display);
  out->version_tag = Copy(r->version_tag, strlen(r->version_tag));
}

void conformance_c_register(const char *profile, const char *in, size_t len,
                            conformance_c_answer *out) {
  const size_t index = ProfileIndex(profile);
  u8guard_registration *r = NULL;
  u8guard_error error;
  u8guard_status status;
  memset(out, 0, sizeof(*out));
  if (index == kMaxProfiles) {
    Finish(U8GUARD_NOT_FOUND, NULL, out);
    return;
  }
  status = u8guard_registry_decide(profiles[index].registry, in, len, NULL,
                                   NULL, 0, &r, &error);
  Finish(status, &error, out);
  if (status != U8GUARD_OK) return;
  out->outcome = u8guard_registration_outcome_name(r->outcome);
  out->ok = r->has_record ? 1 : 0;
  if (r->has_record) RecordInto(r, out);
  if (r->outcome == U8GUARD_REGISTRATION_REJECTED) {
    out->rule = u8guard_rule_id(r->rule);
    out->offset = r->offset;
    out->code_point = r->code_point;
  }
  if (r->conflict_len > 0) out->conflict = Copy(r->conflict, r->conflict_len);
  u8guard_registration_free(r);
}

const char *conformance_c_rule_description(const char *id) {
  const u8guard_rule_t rule = u8guard_rule_from_id(id);
  return rule == U8GUARD_RULE_NONE ? NULL : u8guard_rule_description(rule);
}
