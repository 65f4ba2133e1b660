/*
 * The C worker protocol's VALUE encoding (docs/DESIGN.md, "C worker protocol") of the C values a
 * main program passes and gets back: what libbraid gives ForeignTasks as a C task's VALUE and
 * OBJECT bytes, so that the Java worker hands them to braid-c-worker as they are.
 */
#ifndef BRAID_C_VALUES_H
#define BRAID_C_VALUES_H

#include <stddef.h>

#include "braid_tasks.h"

/*
 * Encodes the value of type at value (a basic type: its C variable; a string: the char * itself;
 * a user type: the T) into malloc'd *out, *size. On failure sets the last error ("call: what: ...")
 * and returns its status.
 */
braid_status braid_c_encode(const char *call, const char *what, unsigned char type, const braid_user_type *ut,
                            const void *value, unsigned char **out, size_t *size);

/*
 * Decodes bytes into the variable at address (a string: a char * variable, set to a malloc'd
 * copy; a user type: zeroed, then its T_deserialize). Bytes that are not one VALUE of type:
 * BRAID_ERR_RUNTIME naming what and the sizes.
 */
braid_status braid_c_decode(const char *call, const char *what, unsigned char type, const braid_user_type *ut,
                            const unsigned char *bytes, size_t size, void *address);

/* "int", "unsigned long", "string", "Point": the IDL's name of the type, for errors. */
const char *braid_c_type_name(unsigned char type, const braid_user_type *ut, char *buf, size_t size);

#endif
