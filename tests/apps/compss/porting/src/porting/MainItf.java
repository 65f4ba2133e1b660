package porting;

import es.bsc.compss.types.annotations.Constraints;
import es.bsc.compss.types.annotations.Parameter;
import es.bsc.compss.types.annotations.parameter.Direction;
import es.bsc.compss.types.annotations.parameter.Type;
import es.bsc.compss.types.annotations.task.Method;
import es.bsc.distrostreamlib.api.objects.ObjectDistroStream;


public interface MainItf {

    @Constraints(computingUnits = "1")
    @Method(declaringClass = "porting.Tasks")
    void increment(@Parameter(type = Type.FILE, direction = Direction.INOUT) String counterFile);

    @Method(declaringClass = "porting.Tasks")
    void produce(@Parameter(type = Type.STREAM, direction = Direction.OUT) ObjectDistroStream<Integer> ods, int n);

    @Method(declaringClass = "porting.Tasks")
    Integer consume(@Parameter(type = Type.STREAM, direction = Direction.IN) ObjectDistroStream<Integer> ods);
}
