package io.braid.engine.resources;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.Attributes;
import org.xml.sax.ContentHandler;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.ValidatorHandler;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one XML file into a DOM whose elements carry their line number, validating it against
 * one of our XSDs on the way (SAX parser -> element tracker -> XSD validator -> DOM builder).
 * Any problem becomes a one-line {@link ResourcesException}: {@code file:line: <Element>: problem}.
 */
final class XmlReader {

    /** DOM user-data key of an element's line (Integer). */
    static final String LINE = "braid.line";

    /** Where the XSDs are packaged (from /resources-xml, see runtime/engine/pom.xml). */
    static final String XSD_DIR = "/io/braid/engine/resources/xsd/";

    private static final Pattern XSD_CODE = Pattern.compile("^cvc-[\\w.-]+:\\s*");
    private static final Pattern MISSING_ATTRIBUTE = Pattern.compile("Attribute '([^']+)' must appear");

    private XmlReader() {
    }

    static Schema schema(String xsdName) {
        URL url = XmlReader.class.getResource(XSD_DIR + xsdName);
        if (url == null) {
            throw new IllegalStateException("schema " + XSD_DIR + xsdName + " is missing from the classpath");
        }
        try {
            return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(url);
        } catch (SAXException e) {
            throw new IllegalStateException("bad schema " + xsdName + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses and validates {@code file}; the root must be {@code <rootName>}.
     *
     * @param shownName how the file is named in messages
     */
    static Document read(Path file, String shownName, Schema schema, String rootName) {
        Document doc;
        try {
            DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
            doc = dbf.newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
        DomBuilder builder = new DomBuilder(doc);
        Tracker tracker = new Tracker(shownName, rootName, schema.newValidatorHandler(), builder);
        builder.lines = tracker::currentLine;
        try (InputStream in = Files.newInputStream(file)) {
            SAXParserFactory spf = SAXParserFactory.newInstance();
            spf.setNamespaceAware(true);
            spf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            spf.setFeature("http://xml.org/sax/features/external-general-entities", false);
            spf.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            spf.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            XMLReader reader = spf.newSAXParser().getXMLReader();
            reader.setContentHandler(tracker);
            reader.setErrorHandler(tracker);
            InputSource source = new InputSource(in);
            source.setSystemId(file.toUri().toString());
            reader.parse(source);
        } catch (Problem p) {
            throw new ResourcesException(p.getMessage());
        } catch (SAXParseException e) {
            throw new ResourcesException(shownName + ":" + e.getLineNumber() + ": malformed XML: " + oneLine(e.getMessage()));
        } catch (SAXException e) {
            Throwable cause = e.getException();
            if (cause instanceof ResourcesException re) {
                throw re;
            }
            throw new ResourcesException(shownName + ": malformed XML: " + oneLine(e.getMessage()), e);
        } catch (NoSuchFileException e) {
            throw new ResourcesException(shownName + ": file not found", e);
        } catch (IOException e) {
            throw new ResourcesException(shownName + ": cannot read: " + oneLine(String.valueOf(e.getMessage())), e);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
        return doc;
    }

    static int line(Element e) {
        Object l = e.getUserData(LINE);
        return l instanceof Integer i ? i : 0;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }

    /** A located problem, carried through the SAX machinery as a SAXException. */
    private static final class Problem extends SAXException {
        private static final long serialVersionUID = 1L;

        Problem(String message) {
            super(message);
        }
    }

    /**
     * Sits in front of the validator: keeps the open-element stack (name, line, text) so that a
     * validation error can be told about the element it concerns, and checks the root name.
     */
    private static final class Tracker implements ContentHandler, ErrorHandler {
        private final String file;
        private final String rootName;
        private final ValidatorHandler validator;
        private final Deque<Open> stack = new ArrayDeque<>();
        private Locator locator;
        /** True while the validator processes a start tag (errors then concern its attributes). */
        private boolean inStart;

        Tracker(String file, String rootName, ValidatorHandler validator, ContentHandler next) {
            this.file = file;
            this.rootName = rootName;
            this.validator = validator;
            validator.setContentHandler(next);
            validator.setErrorHandler(this);
        }

        int currentLine() {
            return locator == null ? 0 : locator.getLineNumber();
        }

        @Override
        public void setDocumentLocator(Locator l) {
            locator = l;
            validator.setDocumentLocator(l);
        }

        @Override
        public void startDocument() throws SAXException {
            validator.startDocument();
        }

        @Override
        public void endDocument() throws SAXException {
            validator.endDocument();
        }

        @Override
        public void startPrefixMapping(String prefix, String uri) throws SAXException {
            validator.startPrefixMapping(prefix, uri);
        }

        @Override
        public void endPrefixMapping(String prefix) throws SAXException {
            validator.endPrefixMapping(prefix);
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) throws SAXException {
            String name = localName.isEmpty() ? qName : localName;
            if (stack.isEmpty() && !name.equals(rootName)) {
                throw new Problem(file + ":" + currentLine() + ": <" + name + ">: the root element must be <"
                        + rootName + ">");
            }
            stack.push(new Open(name, currentLine(), atts.getValue("", "Name")));
            inStart = true;
            validator.startElement(uri, localName, qName, atts);
            inStart = false;
        }

        @Override
        public void endElement(String uri, String localName, String qName) throws SAXException {
            validator.endElement(uri, localName, qName);
            stack.pop();
        }

        @Override
        public void characters(char[] ch, int start, int length) throws SAXException {
            if (!stack.isEmpty()) {
                stack.peek().text.append(ch, start, length);
            }
            validator.characters(ch, start, length);
        }

        @Override
        public void ignorableWhitespace(char[] ch, int start, int length) throws SAXException {
            validator.ignorableWhitespace(ch, start, length);
        }

        @Override
        public void processingInstruction(String target, String data) throws SAXException {
            validator.processingInstruction(target, data);
        }

        @Override
        public void skippedEntity(String name) throws SAXException {
            validator.skippedEntity(name);
        }

        // Errors: from the parser (not well-formed) and from the validator (schema violations).

        @Override
        public void warning(SAXParseException e) {
            // nothing to report: warnings do not make a file unusable
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw explain(e);
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }

        private SAXException explain(SAXParseException e) {
            String raw = oneLine(e.getMessage());
            if (!raw.startsWith("cvc-")) {
                return e; // a parser error (e.g. DTD validity), not the schema's
            }
            Open top = stack.peek();
            if (top == null) {
                return new Problem(file + ":" + e.getLineNumber() + ": " + XSD_CODE.matcher(raw).replaceFirst(""));
            }
            String problem = null;
            int line = e.getLineNumber();
            if (inStart) {
                Matcher m = MISSING_ATTRIBUTE.matcher(raw);
                if (m.find()) {
                    problem = "missing attribute " + m.group(1);
                } else if (top.nameAttribute != null && top.nameAttribute.isBlank()) {
                    problem = "attribute Name must not be empty";
                }
            } else {
                problem = XmlValues.problem(top.name, top.text.toString());
                line = top.line;
            }
            if (problem == null) {
                problem = XSD_CODE.matcher(raw).replaceFirst("");
            }
            return new Problem(file + ":" + line + ": <" + top.name + ">: " + problem);
        }
    }

    private static final class Open {
        final String name;
        final int line;
        final String nameAttribute;
        final StringBuilder text = new StringBuilder();

        Open(String name, int line, String nameAttribute) {
            this.name = name;
            this.line = line;
            this.nameAttribute = nameAttribute;
        }
    }

    /** Builds the DOM from the validator's output; each element remembers its start line. */
    private static final class DomBuilder implements ContentHandler {
        private final Document doc;
        private Node current;
        /** Line of the event being handled, from the parser's locator (the validator may not pass it on). */
        java.util.function.IntSupplier lines = () -> 0;

        DomBuilder(Document doc) {
            this.doc = doc;
            this.current = doc;
        }

        @Override
        public void setDocumentLocator(Locator l) {
        }

        @Override
        public void startDocument() {
        }

        @Override
        public void endDocument() {
        }

        @Override
        public void startPrefixMapping(String prefix, String uri) {
        }

        @Override
        public void endPrefixMapping(String prefix) {
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) {
            Element e = doc.createElementNS(uri == null || uri.isEmpty() ? null : uri, qName);
            for (int i = 0; i < atts.getLength(); i++) {
                String attUri = atts.getURI(i);
                String attName = atts.getQName(i);
                if (attName.equals("xmlns") || attName.startsWith("xmlns:")) {
                    continue;
                }
                e.setAttributeNS(attUri == null || attUri.isEmpty() ? null : attUri, attName, atts.getValue(i));
            }
            e.setUserData(LINE, lines.getAsInt(), null);
            current.appendChild(e);
            current = e;
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            current = current.getParentNode();
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (current != doc) {
                current.appendChild(doc.createTextNode(new String(ch, start, length)));
            }
        }

        @Override
        public void ignorableWhitespace(char[] ch, int start, int length) {
        }

        @Override
        public void processingInstruction(String target, String data) {
        }

        @Override
        public void skippedEntity(String name) {
        }
    }
}
