package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Type and direction of one task parameter. Without the annotation: UNSPECIFIED (inferred), IN. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Parameter {
    Type type() default Type.UNSPECIFIED;

    Direction direction() default Direction.IN;
}
