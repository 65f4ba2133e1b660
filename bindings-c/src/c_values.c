/* The C worker protocol's VALUE encoding: fixed sizes big-endian, string a u32 length and UTF-8, a user type a u32 length and its bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_values.h"
#include "internal.h"

/* The VALUE sizes of the fixed types, by base code (0 for the others). */
static const size_t FIXED[] = {0, 1, 1, 2, 4, 8, 4, 8};

static size_t fixed_size(unsigned char type) {
    unsigned base = type & 0x7f;
    return base < sizeof FIXED / sizeof FIXED[0] ? FIXED[base] : 0;
}

static void put_be(unsigned char *out, uint64_t v, size_t n) {
    for (size_t i = 0; i < n; i++) {
        out[i] = (unsigned char)(v >> (8 * (n - 1 - i)));
    }
}

static uint64_t get_be(const unsigned char *in, size_t n) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        v = v << 8 | in[i];
    }
    return v;
}

const char *braid_c_type_name(unsigned char type, const braid_user_type *ut, char *buf, size_t size) {
    static const char *const names[] = {"void", "boolean", "char", "short", "int", "long", "float", "double",
                                        "string", "File"};
    unsigned base = type & 0x7f;
    const char *name = base == BRAID_T_OBJECT ? (ut && ut->name ? ut->name : "user type")
                       : base < sizeof names / sizeof names[0] ? names[base] : "an unknown type";
    snprintf(buf, size, "%s%s", type & BRAID_T_UNSIGNED ? "unsigned " : "", name);
    return buf;
}

/* The bits of the C value of a fixed type at p. */
static uint64_t bits_of(unsigned base, const void *p) {
    switch (base) {
    case BRAID_T_BOOLEAN: return *(const int *)p != 0;
    case BRAID_T_CHAR: return (unsigned char)*(const char *)p;
    case BRAID_T_SHORT: return (uint16_t)*(const short *)p;
    case BRAID_T_INT: return (uint32_t)*(const int *)p;
    case BRAID_T_LONG: return (uint64_t)*(const long *)p;
    case BRAID_T_FLOAT: { uint32_t u; memcpy(&u, p, 4); return u; }
    default: { uint64_t u; memcpy(&u, p, 8); return u; } /* double */
    }
}

static void store_bits(unsigned base, uint64_t v, void *p) {
    switch (base) {
    case BRAID_T_BOOLEAN: *(int *)p = v != 0; break;
    case BRAID_T_CHAR: *(char *)p = (char)(unsigned char)v; break;
    case BRAID_T_SHORT: *(short *)p = (short)(uint16_t)v; break;
    case BRAID_T_INT: *(int *)p = (int)(uint32_t)v; break;
    case BRAID_T_LONG: *(long *)p = (long)v; break;
    case BRAID_T_FLOAT: { uint32_t u = (uint32_t)v; memcpy(p, &u, 4); break; }
    default: memcpy(p, &v, 8); /* double */
    }
}

/* A u32 length and n bytes, malloc'd. */
static braid_status prefixed(const char *call, const char *what, const void *data, size_t n, unsigned char **out,
                             size_t *size) {
    if (n > UINT32_MAX - 8) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: %zu bytes, at most 4 GiB", what, n);
    }
    unsigned char *b = malloc(4 + n);
    if (b == NULL) {
        return braid_fail(BRAID_ERR_MEMORY, call, "%s: out of memory for %zu bytes", what, n);
    }
    put_be(b, n, 4);
    if (n > 0) {
        memcpy(b + 4, data, n);
    }
    *out = b;
    *size = 4 + n;
    return BRAID_OK;
}

braid_status braid_c_encode(const char *call, const char *what, unsigned char type, const braid_user_type *ut,
                            const void *value, unsigned char **out, size_t *size) {
    unsigned base = type & 0x7f;
    size_t n = fixed_size(type);
    if (n > 0) {
        unsigned char *b = malloc(n);
        if (b == NULL) {
            return braid_fail(BRAID_ERR_MEMORY, call, "%s: out of memory", what);
        }
        put_be(b, bits_of(base, value), n);
        *out = b;
        *size = n;
        return BRAID_OK;
    }
    if (base == BRAID_T_STRING || base == BRAID_T_FILE) {
        if (value == NULL) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: the %s is NULL", what, base == BRAID_T_FILE ? "path"
                              : "string");
        }
        return prefixed(call, what, value, strlen((const char *)value), out, size);
    }
    if (base == BRAID_T_OBJECT) {
        if (ut == NULL || ut->serialize == NULL) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: a user type without its serialize function", what);
        }
        if (value == NULL) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: the %s is NULL", what, ut->name);
        }
        void *data = NULL;
        size_t len = 0;
        if (ut->serialize(value, &data, &len) != 0 || (data == NULL && len > 0)) {
            free(data);
            return braid_fail(BRAID_ERR_RUNTIME, call, "%s: %s_serialize failed", what, ut->name);
        }
        braid_status s = prefixed(call, what, data, len, out, size);
        free(data);
        return s;
    }
    return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: type code %u has no value", what, (unsigned)type);
}

braid_status braid_c_decode(const char *call, const char *what, unsigned char type, const braid_user_type *ut,
                            const unsigned char *bytes, size_t size, void *address) {
    unsigned base = type & 0x7f;
    char name[128];
    size_t n = fixed_size(type);
    if (n > 0) {
        if (size != n) {
            return braid_fail(BRAID_ERR_RUNTIME, call, "%s: %zu bytes for %s %s, expected %zu", what, size,
                              strchr("aeiou", braid_c_type_name(type, ut, name, sizeof name)[0]) ? "an" : "a", name, n);
        }
        store_bits(base, get_be(bytes, n), address);
        return BRAID_OK;
    }
    if (base != BRAID_T_STRING && base != BRAID_T_FILE && base != BRAID_T_OBJECT) {
        return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: type code %u has no value", what, (unsigned)type);
    }
    size_t len = size >= 4 ? (size_t)get_be(bytes, 4) : 0;
    if (size < 4 || len != size - 4) {
        return braid_fail(BRAID_ERR_RUNTIME, call, "%s: %zu bytes are not a %s VALUE (a u32 length and its bytes)",
                          what, size, braid_c_type_name(type, ut, name, sizeof name));
    }
    if (base == BRAID_T_OBJECT) {
        if (ut == NULL || ut->deserialize == NULL) {
            return braid_fail(BRAID_ERR_ARGUMENT, call, "%s: a user type without its deserialize function", what);
        }
        memset(address, 0, ut->size);
        if (ut->deserialize(bytes + 4, len, address) != 0) {
            return braid_fail(BRAID_ERR_RUNTIME, call, "%s: %s_deserialize failed on %zu bytes", what, ut->name, len);
        }
        return BRAID_OK;
    }
    char *s = malloc(len + 1);
    if (s == NULL) {
        return braid_fail(BRAID_ERR_MEMORY, call, "%s: out of memory for a string of %zu bytes", what, len);
    }
    memcpy(s, bytes + 4, len);
    s[len] = '\0';
    *(char **)address = s;
    return BRAID_OK;
}
