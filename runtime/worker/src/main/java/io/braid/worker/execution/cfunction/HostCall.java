package io.braid.worker.execution.cfunction;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One call the worker asks its native task host to make: {@code symbol} of {@code library} with
 * {@code args}, returning {@code returns}. Encoded as one frame: {@code library, symbol,
 * u8 return type, u32 nargs, {u8 type, u8 writeBack, value}}.
 *
 * @param library the shared library, as the dynamic loader is to find it
 * @param symbol  the function
 * @param returns its return type
 * @param args    its arguments, in order
 */
record HostCall(String library, String symbol, CType returns, List<Arg> args) {

    /**
     * One argument: a boxed basic value ({@link Character} for CHAR), a String (null: a NULL
     * pointer), or a byte[] (BUFFER; null: a NULL pointer) whose new contents come back when
     * {@code writeBack}.
     */
    record Arg(CType type, Object value, boolean writeBack) {
    }

    byte[] encode() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        DataOutputStream out = new DataOutputStream(bytes);
        writeTo(out);
        out.flush();
        return bytes.toByteArray();
    }

    void writeTo(DataOutputStream out) throws IOException {
        HostFrames.writeString(out, library);
        HostFrames.writeString(out, symbol);
        out.writeByte(returns.code);
        out.writeInt(args.size());
        for (Arg a : args) {
            out.writeByte(a.type.code);
            out.writeBoolean(a.writeBack);
            writeValue(out, a.type, a.value);
        }
    }

    static HostCall decode(byte[] frame) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(frame));
        String library = HostFrames.readString(in);
        String symbol = HostFrames.readString(in);
        CType returns = CType.ofCode(in.readUnsignedByte());
        int n = in.readInt();
        List<Arg> args = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            CType t = CType.ofCode(in.readUnsignedByte());
            boolean writeBack = in.readBoolean();
            args.add(new Arg(t, readValue(in, t), writeBack));
        }
        if (in.available() > 0) {
            throw new IOException("malformed call: " + in.available() + " bytes after its arguments");
        }
        return new HostCall(library, symbol, returns, args);
    }

    /** A value of type {@code t} (a return value too: nothing for VOID). */
    static void writeValue(DataOutputStream out, CType t, Object v) throws IOException {
        switch (t) {
            case VOID -> { }
            case BOOLEAN -> out.writeBoolean((Boolean) v);
            case BYTE -> out.writeByte((Byte) v);
            case CHAR -> out.writeByte((Character) v);
            case SHORT -> out.writeShort((Short) v);
            case INT -> out.writeInt((Integer) v);
            case LONG -> out.writeLong((Long) v);
            case FLOAT -> out.writeFloat((Float) v);
            case DOUBLE -> out.writeDouble((Double) v);
            case STRING -> HostFrames.writeString(out, (String) v);
            case BUFFER -> HostFrames.writeBlob(out, (byte[]) v);
        }
    }

    static Object readValue(DataInputStream in, CType t) throws IOException {
        return switch (t) {
            case VOID -> null;
            case BOOLEAN -> in.readBoolean();
            case BYTE -> in.readByte();
            case CHAR -> (char) in.readUnsignedByte();
            case SHORT -> in.readShort();
            case INT -> in.readInt();
            case LONG -> in.readLong();
            case FLOAT -> in.readFloat();
            case DOUBLE -> in.readDouble();
            case STRING -> HostFrames.readString(in);
            case BUFFER -> HostFrames.readBlob(in);
        };
    }
}
